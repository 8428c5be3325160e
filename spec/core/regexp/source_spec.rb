require_relative '../../spec_helper'

describe "Regexp#source" do
  it "returns the pattern text" do
    /a+b/.source.should == "a+b"
    /a\/b/.source.should == "a/b"
    Regexp.new("x/y").source.should == "x/y"
    //.source.should == ""
  end
end

describe "Regexp#options and predicates" do
  it "reflect the flags" do
    /a/.options.should == 0
    /a/i.options.should == Regexp::IGNORECASE
    /a/x.options.should == Regexp::EXTENDED
    /a/m.options.should == Regexp::MULTILINE
    /a/mix.options.should == 7
    /a/i.casefold?.should == true
    /a/.casefold?.should == false
  end

  it "has the option constants" do
    Regexp::IGNORECASE.should == 1
    Regexp::EXTENDED.should == 2
    Regexp::MULTILINE.should == 4
  end
end

describe "Regexp#inspect" do
  it "shows the literal form with options" do
    /a+/.inspect.should == "/a+/"
    /a/mix.inspect.should == "/a/mix"
    Regexp.new("a/b").inspect.should == "/a\\/b/"
    /\n\t/.inspect.should == "/\\n\\t/"
  end
end

describe "Regexp#to_s" do
  it "shows an embeddable group" do
    /ab/.to_s.should == "(?-mix:ab)"
    /ab/i.to_s.should == "(?i-mx:ab)"
    /ab/mx.to_s.should == "(?mx-i:ab)"
  end
end

describe "Regexp.new" do
  it "builds from a String with options" do
    Regexp.new("ab", Regexp::IGNORECASE).match?("AB").should == true
    Regexp.new("ab", "i").match?("AB").should == true
    Regexp.new("ab", true).casefold?.should == true
    Regexp.new(/ab/i).options.should == 1
  end

  it "Regexp.compile is an alias" do
    Regexp.compile("a.").match?("ab").should == true
  end
end

describe "Regexp.escape" do
  it "escapes metacharacters" do
    Regexp.escape("a.b*c?").should == "a\\.b\\*c\\?"
    Regexp.escape("(x)[y]{z}").should == "\\(x\\)\\[y\\]\\{z\\}"
    Regexp.escape("a b\n\t").should == "a\\ b\\n\\t"
    Regexp.escape("^$|+\\-").should == "\\^\\$\\|\\+\\\\\\-"
    Regexp.quote("日本.").should == "日本\\."
  end
end

describe "Regexp.union" do
  it "builds an alternation" do
    Regexp.union("a.b", "c").should == /a\.b|c/
    Regexp.union(/x/, /y/i).source.should == "(?-mix:x)|(?i-mx:y)"
    Regexp.union.should == /(?!)/
    Regexp.union(["a", "b"]).match?("b").should == true
    Regexp.union("a").should == /a/
  end
end

describe "Regexp#== and #hash" do
  it "compare source and options" do
    (/a/ == /a/).should == true
    (/a/ == /a/i).should == false
    /a/.eql?(/a/).should == true
    (/a/.hash == /a/.hash).should == true
  end
end

describe "Regexp#names and #named_captures" do
  it "list the group names" do
    /(?<a>.)(?<b>.)/.names.should == ["a", "b"]
    /(.)/.names.should == []
    /(?<a>.)(?<b>.)(?<a>.)/.named_captures.should == { "a" => [1, 3], "b" => [2] }
  end
end

describe "Regexp#freeze and literals" do
  it "literals are frozen" do
    /a/.frozen?.should == true
  end
end

describe "Regexp details" do
  it "Regexp.new returns an unfrozen Regexp; source is an unfrozen copy" do
    Regexp.new("a").frozen?.should == false
    /a/.source.frozen?.should == false
  end

  it "inspect keeps whitespace from a String source" do
    Regexp.new("\n").inspect.should == "/\n/"
  end

  it "to_s folds a single option group" do
    /(?i:a)/.to_s.should == "(?i-mx:a)"
    /(?i:a)b/.to_s.should == "(?-mix:(?i:a)b)"
  end

  it "reports Onigmo's messages for common syntax errors" do
    -> { Regexp.new("(") }.should raise_error(RegexpError, "end pattern with unmatched parenthesis: /(/")
    -> { Regexp.new("a{2,1}") }.should raise_error(RegexpError, "upper is smaller than lower in repeat range: /a{2,1}/")
  end

  it "has encoding information" do
    /a/.encoding.should == Encoding::US_ASCII
    /é/.encoding.should == Encoding::UTF_8
    /a/.fixed_encoding?.should == false
    Regexp::FIXEDENCODING.should == 16
    Regexp::NOENCODING.should == 32
  end
end
