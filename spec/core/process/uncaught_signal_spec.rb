require_relative '../../spec_helper'

describe "An uncaught SignalException" do
  it "ends the program by its signal, after the at_exit handlers" do
    out = ruby_exe("at_exit { print 'at_exit' }; raise SignalException, 'SIGTERM'", exit_status: :SIGTERM)
    out.should == "at_exit"
    $?.signaled?.should == true
    $?.termsig.should == Signal.list["TERM"]
  end
end
