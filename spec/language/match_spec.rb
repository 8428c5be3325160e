require_relative '../spec_helper'

module LangMatchSpecs
  def self.inner_match(s)
    s =~ /(\d+)/
    $1
  end
  def self.no_match_here() $~ end
  def self.match_in_block
    r = nil
    ["a1"].each { |s| s =~ /(\w)(\d)/; r = $2 }
    [r, $~ && $~[0]]
  end
end

describe "Regexp match globals" do
  it "sets $~, $1 and friends after =~" do
    ("ab12cd" =~ /(\d)(\d)/).should == 2
    $~[0].should == "12"
    $1.should == "1"
    $2.should == "2"
    $`.should == "ab"
    $'.should == "cd"
  end

  it "clears $~ after a failed match" do
    "x" =~ /x/
    "y" =~ /x/
    $~.should be_nil
    $1.should be_nil
  end

  it "sets $~ from match, match? does not" do
    "k9" =~ /zzz/
    "a5".match(/(\d)/)
    $1.should == "5"
    "b7".match?(/(\d)/)
    $1.should == "5"
  end

  it "is set by case/when with a Regexp" do
    case "v42"
    when /v(\d+)/ then $1.should == "42"
    end
  end

  it "is local to a method: a callee's match does not change the caller's $~" do
    "outer7" =~ /(\d)/
    LangMatchSpecs.inner_match("x99").should == "99"
    $1.should == "7"
  end

  it "is local to a method: a callee does not see the caller's $~" do
    "outer8" =~ /(\d)/
    LangMatchSpecs.no_match_here.should be_nil
  end

  it "is shared between a method and its blocks" do
    LangMatchSpecs.match_in_block.should == ["1", "a1"]
  end

  it "is set by gsub with a block inside the block" do
    r = "a1b2".gsub(/\d/) { ($~[0].to_i * 2).to_s }
    r.should == "a2b4"
  end
end

describe "Named captures" do
  it "are available from MatchData" do
    m = /(?<year>\d+)-(?<mon>\d+)/.match("2024-05")
    m[:year].should == "2024"
    m["mon"].should == "05"
    m.names.should == ["year", "mon"]
    m.named_captures.should == {"year" => "2024", "mon" => "05"}
  end

  it "assign local variables with regexp-literal =~ string" do
    if /(?<lang_word>\w+)-(?<lang_num>\d+)/ =~ "abc-12"
      lang_word.should == "abc"
      lang_num.should == "12"
    end
  end

  it "assign nil to the locals when the match fails" do
    lang_gone = :before
    /(?<lang_gone>zz)/ =~ "abc"
    lang_gone.should be_nil
  end

  it "are bound by pattern matching on MatchData" do
    case /(?<k>\w)=(?<v>\d)/.match("a=1")
    in {k:, v:}
      [k, v].should == ["a", "1"]
    end
  end
end
