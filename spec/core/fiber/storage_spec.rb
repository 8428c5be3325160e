require_relative '../../spec_helper'

# Fiber storage crosses into a new Thread as a copy (CRuby 3.2+; the
# golden oracles cannot show it: 3.1 has no storage, the 3.4 WebAssembly
# build no threads).
describe "Thread.new" do
  it "starts its root fiber with a copy of the creating fiber's storage" do
    fiber = Fiber.new(storage: {life: 42}) do
      Thread.new { [Fiber[:life], Fiber.current.storage] }.value
    end
    fiber.resume.should == [42, {life: 42}]
  end

  it "does not share the storage Hash with the creator" do
    fiber = Fiber.new(storage: {n: 1}) do
      Thread.new { Fiber[:n] = 2 }.join
      Fiber[:n]
    end
    fiber.resume.should == 1
  end

  it "starts with no storage when the creator has none" do
    Fiber.new(storage: nil) { Thread.new { Fiber.current.storage }.value }.resume.should == nil
  end
end
