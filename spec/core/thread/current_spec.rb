require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread.current" do
  it "returns a Thread" do
    Thread.current.should be_kind_of(Thread)
  end

  it "returns the same object every time in one thread" do
    Thread.current.should equal(Thread.current)
  end

  it "returns the running thread inside a new thread" do
    t = Thread.new { Thread.current }
    t.value.should equal(t)
  end

  it "differs between threads" do
    other = Thread.new { Thread.current }.value
    other.should_not equal(Thread.current)
  end

  it "is the same inside a Fiber of that thread" do
    Fiber.new { Thread.current }.resume.should equal(Thread.current)
  end
end
