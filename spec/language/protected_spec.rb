require_relative '../spec_helper'
require_relative 'fixtures/visibility'

describe "A protected method" do
  before :each do
    @a = LangVisSpecs::Account.new(10)
    @b = LangVisSpecs::Account.new(5)
  end

  it "can be called on another instance of the same class" do
    @a.peek(@b).should == 5
    (@a > @b).should == true
  end

  it "can be called on an instance from a subclass method" do
    LangVisSpecs::SubAccount.new(1).sub_peek(@a).should == 10
  end

  it "can be called by a superclass method on a subclass instance" do
    @a.peek(LangVisSpecs::SubAccount.new(7)).should == 7
  end

  it "cannot be called from outside" do
    -> { @a.balance }.should raise_error(NoMethodError, "protected method 'balance' called for an instance of LangVisSpecs::Account")
  end

  it "cannot be called from an unrelated class" do
    -> { LangVisSpecs::Other.new.try_peek(@a) }.should raise_error(NoMethodError, /protected method 'balance'/)
  end

  it "is reported by respond_to? only with include_all" do
    @a.respond_to?(:balance).should == false
    @a.respond_to?(:balance, true).should == true
  end

  it "is listed by protected_instance_methods" do
    LangVisSpecs::Account.protected_instance_methods(false).should == [:balance]
    LangVisSpecs::Account.protected_method_defined?(:balance).should == true
  end

  it "protected def makes one method protected" do
    -> { LangVisSpecs::Inline.new.inline_prot }.should raise_error(NoMethodError, /protected method/)
  end

  it "can be called via send" do
    @a.send(:balance).should == 10
  end
end
