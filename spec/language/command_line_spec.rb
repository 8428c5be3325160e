require_relative '../spec_helper'

# ruby_exe with the interpreter options that are compiler options too:
# -r LIB requires LIB before the program's first statement (spinel -r),
# a program without a file is read from stdin (spinel -), and ruby_exe
# without code is the command standing for the interpreter.
describe "The -r command line option" do
  before :each do
    @lib = File.expand_path("fixtures/command_line_r.rb", __dir__)
  end

  it "requires the library before the main program runs" do
    ruby_exe("$command_line_r << :main", options: "-r#{@lib}").should == "[:required, :main]"
  end

  it "accepts the library as a separate word" do
    ruby_exe("$command_line_r << __FILE__.end_with?('.rb')", options: "-r #{@lib}").should == "[:required, true]"
  end

  it "applies to a program read from stdin" do
    prog = tmp("command_line_stdin.rb")
    File.write(prog, "$command_line_r << __FILE__\n")
    ruby_exe(nil, args: "< #{prog}", options: "-r#{@lib}").should == '[:required, "-"]'
  ensure
    rm_r prog
  end

  it "applies to an -e program run through the interpreter command" do
    IO.popen([*ruby_exe, "-r", @lib, "-e", "$command_line_r << __FILE__"], &:read).should == '[:required, "-e"]'
  end
end
