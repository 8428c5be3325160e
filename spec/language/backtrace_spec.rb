require_relative '../spec_helper'
require_relative 'fixtures/backtrace'

describe "Kernel#caller_locations" do
  it "returns Thread::Backtrace::Location objects" do
    locs = LangBtSpecs::Foo.new.bar
    locs.first.should be_kind_of(Thread::Backtrace::Location)
  end

  it "gives path, lineno and label of the current frame with 0" do
    loc = LangBtSpecs::Foo.new.bar.first
    loc.path.should =~ /fixtures\/backtrace\.rb\z/
    loc.lineno.should == 3
    loc.label.should == "LangBtSpecs::Foo#bar"
  end

  it "lists the callers in order" do
    locs = LangBtSpecs::Foo.new.baz
    locs[0].label.should == "LangBtSpecs::Foo#bar"
    locs[1].label.should == "LangBtSpecs::Foo#baz"
    locs[1].lineno.should == 4
  end

  it "includes the spec's line for the caller" do
    line = __LINE__ + 1
    locs = LangBtSpecs::Foo.new.bar
    locs[1].lineno.should == line
    locs[1].path.should =~ /backtrace_spec\.rb\z/
  end

  it "labels blocks with the method" do
    LangBtSpecs::Foo.new.in_block.label.should == "block in LangBtSpecs::Foo#in_block"
    LangBtSpecs::Foo.new.in_nested_block.label.should == "block (2 levels) in LangBtSpecs::Foo#in_nested_block"
  end

  it "labels singleton methods of classes and modules with a dot" do
    LangBtSpecs::Foo.cm.label.should == "LangBtSpecs::Foo.cm"
    LangBtSpecs::Mod.mm.label.should == "LangBtSpecs::Mod.mm"
    LangBtSpecs.top_level_mod_fn.label.should == "LangBtSpecs.top_level_mod_fn"
  end

  it "labels module instance methods with the module name" do
    LangBtSpecs::UsesMod.new.inst.label.should == "LangBtSpecs::Mod#inst"
  end

  it "labels top-level methods with Object#" do
    lang_bt_toplevel.label.should == "Object#lang_bt_toplevel"
  end

  it "labels methods defined with define_method" do
    LangBtSpecs::Dyn.new.dm.label.should == "block (2 levels) in <module:LangBtSpecs>"
  end

  it "labels singleton methods of plain objects with the method name" do
    LangBtSpecs::OBJ.sing.label.should == "sing"
  end

  it "labels blocks in singleton methods of plain objects with the method name" do
    LangBtSpecs::OBJ.sing_block.label.should == "block in sing_block"
  end

  it "labels methods defined in the singleton class of a plain object with the method name" do
    LangBtSpecs::OBJ.in_sclass.label.should == "in_sclass"
  end

  it "labels a singleton method by its owner, not the expression it was defined through" do
    def (LangBtSpecs::ALIAS_OF_STRING).lang_bt_sm() caller_locations(0).first end
    String.lang_bt_sm.label.should == "String.lang_bt_sm"
  end

  it "labels a singleton method defined on a method argument by the argument" do
    o = Object.new
    LangBtSpecs::Definer.define_on(o)
    o.defined_on.label.should == "defined_on"
    LangBtSpecs::Definer.define_on(LangBtSpecs::Mod)
    LangBtSpecs::Mod.defined_on.label.should == "LangBtSpecs::Mod.defined_on"
  end

  it "labels a method defined by def inside a method with its class" do
    d = LangBtSpecs::Definer.new
    d.define_inner
    d.inner.label.should == "LangBtSpecs::Definer#inner"
  end

  it "labels a method defined by def inside instance_eval with the method name" do
    o = Object.new
    LangBtSpecs::Definer.new.ie_define(o)
    o.ie_defined.label.should == "ie_defined"
  end

  it "labels methods of anonymous classes with the method name" do
    LangBtSpecs.anon_instance.anon_m.label.should == "anon_m"
  end

  it "has base_label without the class" do
    LangBtSpecs::Foo.new.bar.first.base_label.should == "bar"
  end

  it "converts to a string like a caller line" do
    LangBtSpecs::Foo.new.bar.first.to_s.should =~ /fixtures\/backtrace\.rb:3:in 'LangBtSpecs::Foo#bar'\z/
  end

  it "takes start and length" do
    locs = LangBtSpecs::Foo.new.baz
    short = caller_locations(0, 1)
    short.size.should == 1
    short.first.lineno.should == __LINE__ - 2
  end
end

describe "Kernel#caller" do
  it "returns strings for the callers, skipping the current frame" do
    line = __LINE__ + 1
    c = LangBtSpecs::Foo.new.with_caller
    c.first.should =~ /backtrace_spec\.rb:#{line}:in /
  end

  it "accepts start and length" do
    LangBtSpecs::Foo.new.with_caller_range.size.should == 1
  end
end

describe "Exception#backtrace" do
  it "starts at the raising method" do
    begin
      LangBtSpecs::Foo.new.calls_raiser
    rescue ArgumentError => e
      e.backtrace[0].should =~ /fixtures\/backtrace\.rb:8:in 'LangBtSpecs::Foo#raiser'\z/
      e.backtrace[1].should =~ /fixtures\/backtrace\.rb:9:in 'LangBtSpecs::Foo#calls_raiser'\z/
    end
  end

  it "includes the rescuing frame's line" do
    line = __LINE__ + 2
    begin
      LangBtSpecs::Foo.new.raiser
    rescue => e
      e.backtrace[1].should =~ /backtrace_spec\.rb:#{line}:in /
    end
  end

  it "has backtrace_locations with labels" do
    begin
      LangBtSpecs::Foo.new.calls_raiser
    rescue => e
      e.backtrace_locations[0].label.should == "LangBtSpecs::Foo#raiser"
      e.backtrace_locations[1].label.should == "LangBtSpecs::Foo#calls_raiser"
      e.backtrace_locations[0].lineno.should == 8
    end
  end

  it "labels core methods with their class" do
    begin
      [1].fetch(5)
    rescue IndexError => e
      e.backtrace_locations[0].label.should == "Array#fetch"
    end
  end

  it "can be set with set_backtrace" do
    e = RuntimeError.new("x")
    e.set_backtrace(["a:1", "b:2"])
    e.backtrace.should == ["a:1", "b:2"]
  end

  it "shows an Integer#/ frame for ZeroDivisionError" do
    begin
      1 / 0
    rescue ZeroDivisionError => e
      e.backtrace[0].should =~ /:in 'Integer#\/'\z/
    end
  end
end
