require_relative '../spec_helper'

module LangPMSpecs
  class Pt
    attr_reader :x, :y
    def initialize(x, y) @x = x; @y = y end
    def deconstruct() [x, y] end
    def deconstruct_keys(keys) {x: x, y: y} end
  end
  PS = Struct.new(:a, :b)
end

describe "Pattern matching with case/in" do
  it "matches values with ===" do
    r = case 5
        in Integer then :int
        in String then :str
        end
    r.should == :int
    (case "s"; in 1..3 then :r; in String then :s; end).should == :s
  end

  it "matches array patterns and binds variables" do
    case [1, [2, 3]]
    in [a, [b, c]]
      [a, b, c].should == [1, 2, 3]
    end
  end

  it "matches array patterns with splats" do
    case [1, 2, 3, 4]
    in [first, *rest]
      first.should == 1
      rest.should == [2, 3, 4]
    end
    case [1, 2, 3, 4]
    in [*, 3, last]
      last.should == 4
    end
  end

  it "requires the array length to match without a splat" do
    r = case [1, 2, 3]
        in [a, b] then :two
        in [a, b, c] then :three
        end
    r.should == :three
  end

  it "matches find patterns" do
    case [1, 42, "x", :y]
    in [*, String => s, *post]
      s.should == "x"
      post.should == [:y]
    end
  end

  it "matches hash patterns and binds values" do
    case {name: "Bob", age: 3, extra: 1}
    in {name: String => name, age: Integer => age}
      [name, age].should == ["Bob", 3]
    end
  end

  it "binds keys with the shorthand key: form" do
    case {x: 1, y: 2}
    in {x:, y:}
      (x + y).should == 3
    end
  end

  it "collects other keys with **rest and rejects them with **nil" do
    case {a: 1, b: 2}
    in {a: 1, **rest}
      rest.should == {b: 2}
    end
    r = case {a: 1, b: 2}
        in {a: 1, **nil} then :exact
        in {a: 1} then :loose
        end
    r.should == :loose
  end

  it "matches only an empty Hash with the {} pattern" do
    r = case {a: 1}
        in {} then :empty
        else :nonempty
        end
    r.should == :nonempty
    (case({}); in {} then :empty; end).should == :empty
  end

  it "matches only an empty Array with the [] pattern" do
    (case [1]; in [] then :empty; else :nonempty; end).should == :nonempty
    (case []; in [] then :empty; end).should == :empty
  end

  it "supports alternatives with |" do
    r = [1, :a, "s"].map do |v|
      case v
      in Integer | Float then :num
      in Symbol | String then :text
      end
    end
    r.should == [:num, :text, :text]
  end

  it "supports guards with if and unless" do
    r = case 7
        in Integer => n if n > 10 then :big
        in Integer => n unless n > 10 then :small
        end
    r.should == :small
  end

  it "pins values with ^" do
    expected = 5
    r = case 5
        in ^expected then :same
        else :diff
        end
    r.should == :same
    r = case [1, 1]
        in [a, ^a] then :pair
        end
    r.should == :pair
  end

  it "pins expressions with ^( )" do
    r = case 4
        in ^(2 + 2) then :four
        end
    r.should == :four
  end

  it "uses deconstruct and deconstruct_keys of user classes" do
    case LangPMSpecs::Pt.new(1, 2)
    in [a, b]
      [a, b].should == [1, 2]
    end
    case LangPMSpecs::Pt.new(3, 4)
    in {x:, y:}
      [x, y].should == [3, 4]
    end
  end

  it "matches Const(...) and Const[...] patterns" do
    r = case LangPMSpecs::Pt.new(0, 9)
        in LangPMSpecs::Pt(x: 0, y:) then y
        end
    r.should == 9
    r = case LangPMSpecs::Pt.new(5, 6)
        in LangPMSpecs::Pt[a, b] then a + b
        end
    r.should == 11
  end

  it "matches Struct instances" do
    case LangPMSpecs::PS.new(1, 2)
    in [a, b]
      [a, b].should == [1, 2]
    end
    case LangPMSpecs::PS.new(1, 2)
    in {a:, b:}
      [a, b].should == [1, 2]
    end
  end

  it "uses else when no pattern matches" do
    (case 1; in String then :s; else :other; end).should == :other
  end

  it "raises NoMatchingPatternError when nothing matches" do
    -> {
      case 1
      in String then :s
      end
    }.should raise_error(NoMatchingPatternError, "1: String === 1 does not return true")
  end

  it "raises NoMatchingPatternKeyError for a missing hash key" do
    -> {
      case {a: 1}
      in {b:} then :b
      end
    }.should raise_error(NoMatchingPatternKeyError)
  end

  it "matches nil, ranges and regexps" do
    (case nil; in nil then :nil; end).should == :nil
    (case 15; in 10.. then :ge10; end).should == :ge10
    (case "hello"; in /ell/ then :re; end).should == :re
  end

  it "binds with => at the top level of a pattern" do
    case [1, 2]
    in [Integer, Integer] => pair
      pair.should == [1, 2]
    end
  end
end

describe "One-line pattern matching" do
  it "tests a pattern with in" do
    (1 in Integer).should == true
    ("x" in Integer).should == false
    ({a: 1} in {a: Integer}).should == true
  end

  it "destructures with =>" do
    {name: "n", tags: [1, 2]} => {name:, tags: [first, *]}
    name.should == "n"
    first.should == 1
  end

  it "raises NoMatchingPatternError when => does not match" do
    -> { 1 => String }.should raise_error(NoMatchingPatternError, "1: String === 1 does not return true")
  end
end
