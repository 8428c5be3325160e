require_relative '../spec_helper'

describe "Kernel#exit" do
  it "raises SystemExit with status 0 by default" do
    -> { exit }.should raise_error(SystemExit) { |e|
      e.status.should == 0
      e.success?.should == true
      e.message.should == "exit"
    }
  end

  it "raises SystemExit with the given status" do
    -> { exit 3 }.should raise_error(SystemExit) { |e| e.status.should == 3 }
  end

  it "maps true and false to 0 and 1" do
    -> { exit true }.should raise_error(SystemExit) { |e| e.status.should == 0 }
    -> { exit false }.should raise_error(SystemExit) { |e| e.status.should == 1 }
  end

  it "runs ensure clauses while unwinding" do
    log = []
    begin
      begin
        exit 2
      ensure
        log << :ensure
      end
    rescue SystemExit
      log << :rescued
    end
    log.should == [:ensure, :rescued]
  end

  it "is not rescued by a bare rescue" do
    r = begin
      begin
        exit 1
      rescue
        :wrong
      end
    rescue SystemExit
      :system_exit
    end
    r.should == :system_exit
  end
end

describe "Kernel#abort" do
  it "raises SystemExit with status 1 and the message" do
    -> { abort "bye" }.should raise_error(SystemExit) { |e|
      e.status.should == 1
      e.message.should == "bye"
    }
  end
end

describe "Kernel#at_exit" do
  it "returns the block as a Proc" do
    pr = at_exit { }
    pr.should be_kind_of(Proc)
  end
end

describe "Interrupt" do
  it "is a SignalException with a default message" do
    e = Interrupt.new
    e.message.should == "Interrupt"
    e.should be_kind_of(SignalException)
    -> { raise Interrupt }.should raise_error(Interrupt)
  end

  it "is not rescued by a bare rescue" do
    r = begin
      begin
        raise Interrupt
      rescue
        :wrong
      end
    rescue Interrupt
      :interrupt
    end
    r.should == :interrupt
  end
end
