require_relative '../spec_helper'

describe "The retry keyword" do
  it "re-runs the begin block" do
    attempts = 0
    r = begin
      attempts += 1
      raise "fail" if attempts < 3
      :done
    rescue
      retry
    end
    r.should == :done
    attempts.should == 3
  end

  it "re-runs a method body with rescue" do
    def lang_retry_m(log)
      log << :try
      raise "x" if log.size < 2
      log.size
    rescue
      retry
    end
    lang_retry_m([]).should == 2
  end

  it "keeps local variable changes across retries" do
    n = 0
    begin
      n += 10
      raise "x" if n < 30
    rescue
      retry
    end
    n.should == 30
  end

  it "runs ensure only once after the last attempt" do
    log = []
    tries = 0
    begin
      tries += 1
      raise "x" if tries < 2
      log << :ok
    rescue
      log << :rescue
      retry
    ensure
      log << :ensure
    end
    log.should == [:rescue, :ok, :ensure]
  end

  it "leaves $! nil after the retried block completes" do
    tries = 0
    begin
      tries += 1
      raise "x" if tries < 2
    rescue
      retry
    end
    $!.should be_nil
  end

  it "can give up and re-raise" do
    tries = 0
    -> {
      begin
        tries += 1
        raise ArgumentError, "always"
      rescue ArgumentError
        retry if tries < 3
        raise
      end
    }.should raise_error(ArgumentError, "always")
    tries.should == 3
  end
end
