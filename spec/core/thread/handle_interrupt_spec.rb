require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread.handle_interrupt" do
  it "returns the value of the block" do
    Thread.handle_interrupt(RuntimeError => :never) { 42 }.should == 42
  end

  it "raises ArgumentError without a block" do
    -> { Thread.handle_interrupt(RuntimeError => :never) }.should raise_error(ArgumentError, "block is needed.")
  end

  it "raises ArgumentError for an unknown timing" do
    -> { Thread.handle_interrupt(RuntimeError => :later) { } }.should raise_error(ArgumentError, "unknown mask signature")
  end

  it "raises TypeError for a non-Hash argument" do
    -> { Thread.handle_interrupt(1) { } }.should raise_error(TypeError, "no implicit conversion of Integer into Hash")
  end

  it "defers Thread#raise with :never until the block ends" do
    q = Queue.new
    go = Queue.new
    log = []
    t = Thread.new do
      begin
        Thread.handle_interrupt(RuntimeError => :never) do
          q << :in
          go.pop
          log << Thread.pending_interrupt?
          log << :block_done
        end
        log << :not_reached
      rescue RuntimeError => e
        log << e.message
      end
    end
    q.pop
    t.raise "deferred"
    Thread.pass until t.pending_interrupt?
    go << :go
    t.join
    log.should == [true, :block_done, "deferred"]
  end

  it "delivers a deferred interrupt inside a nested :immediate block" do
    q = Queue.new
    go = Queue.new
    log = []
    t = Thread.new do
      Thread.handle_interrupt(RuntimeError => :never) do
        q << :in
        go.pop
        begin
          Thread.handle_interrupt(RuntimeError => :immediate) { sleep }
        rescue RuntimeError => e
          log << e.message
        end
        log << :outer_done
      end
    end
    q.pop
    t.raise "now"
    Thread.pass until t.pending_interrupt?
    go << :go
    t.join
    log.should == ["now", :outer_done]
  end

  it "defers with :on_blocking until the thread blocks" do
    q = Queue.new
    go = Queue.new
    log = []
    t = Thread.new do
      Thread.handle_interrupt(RuntimeError => :on_blocking) do
        q << :in
        Thread.pass until go.size > 0
        log << :computed
        begin
          sleep
        rescue RuntimeError => e
          log << e.message
        end
      end
    end
    q.pop
    t.raise "blocked"
    go << :go
    t.join
    log.should == [:computed, "blocked"]
  end

  it "masks Thread#kill with an Object key but not with an Exception key" do
    [[Object, [:block_done]], [Exception, []]].each do |key, expected|
      q = Queue.new
      go = Queue.new
      log = []
      t = Thread.new do
        Thread.handle_interrupt(key => :never) do
          q << :in
          go.pop
          log << :block_done
        end
        log << :after
      end
      q.pop
      t.kill
      Thread.pass until key == Exception ? !t.alive? : t.pending_interrupt?
      go << :go
      t.join
      log.should == expected
    end
  end
end

describe "Thread.pending_interrupt?" do
  it "is false with nothing deferred" do
    Thread.pending_interrupt?.should == false
  end
end
