require_relative '../spec_helper'
require_relative 'fixtures/visibility'

describe "A private method" do
  before :each do
    @a = LangVisSpecs::Account.new(10)
  end

  it "can be called without a receiver" do
    @a.call_private.should == :secret
  end

  it "can be called with self as the explicit receiver" do
    @a.call_private_self.should == :secret
  end

  it "allows a self. setter call" do
    @a.call_private_setter.should == 5
  end

  it "cannot be called with an explicit receiver" do
    -> { @a.secret }.should raise_error(NoMethodError, "private method 'secret' called for an instance of LangVisSpecs::Account")
  end

  it "cannot be called on another instance of the same class" do
    -> { @a.peek_private(LangVisSpecs::Account.new(1)) }.should raise_error(NoMethodError, /private method 'secret' called/)
  end

  it "is callable from a subclass without a receiver" do
    LangVisSpecs::SubAccount.new(1).sub_calls_private.should == :secret
  end

  it "is reported by respond_to? only with include_all" do
    @a.respond_to?(:secret).should == false
    @a.respond_to?(:secret, true).should == true
  end

  it "is listed by private_instance_methods" do
    LangVisSpecs::Account.private_instance_methods(false).sort.should == [:initialize, :secret, :secret_value=]
    LangVisSpecs::Account.private_method_defined?(:secret).should == true
    LangVisSpecs::Account.public_method_defined?(:secret).should == false
  end

  it "can be called via send" do
    @a.send(:secret).should == :secret
  end
end

describe "Visibility keywords" do
  it "public after private makes later methods public" do
    LangVisSpecs::Account.new(1).after_public.should == :after_public
  end

  it "private def makes one method private" do
    i = LangVisSpecs::Inline.new
    -> { i.inline_priv }.should raise_error(NoMethodError)
    i.use.should == [:inline, :inline_prot]
  end

  it "private :name makes an existing method private" do
    -> { LangVisSpecs::Inline.new.helper }.should raise_error(NoMethodError, /private method 'helper'/)
  end

  it "public :name makes a private method public again" do
    LangVisSpecs::Inline.new.made_public.should == :mp
  end

  it "private_class_method makes a class method private" do
    -> { LangVisSpecs::Inline.cm }.should raise_error(NoMethodError, /private method 'cm' called for class LangVisSpecs::Inline/)
    LangVisSpecs::Inline.use_cm.should == :cm
  end

  it "private applies to attr_accessor methods defined after it" do
    m = LangVisSpecs::ModFn.new
    m.set_hidden(3).should == 3
    -> { m.hidden_attr }.should raise_error(NoMethodError)
  end

  it "private returns its argument" do
    c = Class.new
    c.class_eval do
      def pm() end
    end
    c.send(:private, :pm).should == :pm
  end

  it "applies to methods defined with define_method after private" do
    c = Class.new do
      private
      define_method(:dm) { :dm }
    end
    -> { c.new.dm }.should raise_error(NoMethodError)
  end
end
