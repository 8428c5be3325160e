require_relative '../../spec_helper'

describe "Regexp#=~" do
  it "returns the character index of the first match or nil" do
    (/b/ =~ "abc").should == 1
    (/z/ =~ "abc").should == nil
    (/語/ =~ "日本語").should == 2
    (/a/ =~ nil).should == nil
  end

  it "sets $~ and the numbered globals" do
    /(\d+)-(\d+)/ =~ "tel 12-34"
    $~[0].should == "12-34"
    $1.should == "12"
    $2.should == "34"
    $3.should == nil
    $~.pre_match.should == "tel "
  end

  it "clears $~ when there is no match" do
    /a/ =~ "a"
    /z/ =~ "a"
    $~.should == nil
    $1.should == nil
  end

  it "raises TypeError for a non-String" do
    -> { /a/ =~ 1 }.should raise_error(TypeError, "no implicit conversion of Integer into String")
  end
end

describe "Regexp#match" do
  it "returns MatchData or nil" do
    /(.)(.)/.match("ab").to_a.should == ["ab", "a", "b"]
    /z/.match("ab").should == nil
    /a/.match(nil).should == nil
  end

  it "searches from a character position" do
    /a/.match("aba", 1).begin(0).should == 2
    /a/.match("aba", -1).begin(0).should == 2
  end

  it "yields to a block when matching" do
    /b/.match("abc") { |m| m.post_match }.should == "c"
    /z/.match("abc") { |m| :never }.should == nil
  end
end

describe "Regexp#match?" do
  it "returns a boolean without setting $~" do
    /x/ =~ "x"
    /a/.match?("cat").should == true
    /z/.match?("cat").should == false
    /a/.match?(nil).should == false
    /c/.match?("cat", 1).should == false
    $~[0].should == "x"
  end
end

describe "Regexp#===" do
  it "matches Strings and Symbols and is used by case/when" do
    (/a/ === "cat").should == true
    (/a/ === :cat).should == true
    (/a/ === 1).should == false
    r = case "2024-01-02"
        when /\A\d+\z/ then :number
        when /\A\d{4}-\d\d-\d\d\z/ then :date
        else :other
        end
    r.should == :date
  end

  it "sets $~ in case/when" do
    case "key: value"
    when /(\w+): (\w+)/
      $1.should == "key"
      $2.should == "value"
    end
  end
end

describe "Regexp#~" do
  it "matches against $_" do
    $_ = "hello"
    (~/ll/).should == 2
  end
end

describe "Regexp.last_match" do
  it "returns $~ or one of its groups" do
    /(a)(b)/ =~ "ab"
    Regexp.last_match.should equal($~)
    Regexp.last_match(2).should == "b"
  end
end

describe "Named captures with =~" do
  it "assign local variables for a literal regexp on the left" do
    if /(?<year>\d+)-(?<mon>\d+)/ =~ "on 2024-05"
      year.should == "2024"
      mon.should == "05"
    end
  end

  it "set the locals to nil when the match fails" do
    /(?<word>z+)/ =~ "abc"
    word.should == nil
  end
end
