# forwardable.rb — Forwardable and SingleForwardable for Spinel.
#
# CRuby's forwardable.rb builds each delegator as Ruby source text and
# compiles it at run time (RubyVM::InstructionSequence), which a compiled
# program cannot do.  This file provides the same API with define_method:
# the accessor is an instance variable (:@x), a class variable (:@@x) or a
# method name (:x, called even if private, as CRuby's generated code does);
# the delegated method is called with a public call, so a private target
# method raises NoMethodError as in CRuby.  Keywords and the block pass
# through.  Accessors that are arbitrary Ruby expressions are not
# supported (NotImplementedError when the delegator is defined).
module Forwardable
  VERSION = "1.3.3"
  FORWARDABLE_VERSION = VERSION

  @debug = nil
  class << self
    attr_accessor :debug
  end

  # The object an accessor names, seen from obj.
  def self._target(obj, accessor)
    if accessor.start_with?("@@")
      klass = Module === obj ? obj : obj.class
      klass.class_variable_get(accessor)
    elsif accessor.start_with?("@")
      obj.instance_variable_get(accessor)
    else
      obj.__send__(accessor)
    end
  end

  def self._check_accessor(accessor)
    return if accessor.match?(/\A(@@?)?[A-Za-z_][A-Za-z0-9_]*[?!]?\z/)
    raise NotImplementedError, "Forwardable accessor #{accessor.inspect} is not supported by Spinel " \
                               "(an instance variable, class variable or method name is)"
  end

  def instance_delegate(hash)
    hash.each do |methods, accessor|
      if methods.respond_to?(:each)
        methods.each { |method| def_instance_delegator(accessor, method) }
      else
        def_instance_delegator(accessor, methods)
      end
    end
  end

  def def_instance_delegators(accessor, *methods)
    methods.each do |method|
      next if method.to_s == "__send__" || method.to_s == "__id__"
      def_instance_delegator(accessor, method)
    end
  end

  def def_instance_delegator(accessor, method, ali = method)
    accessor = accessor.to_s
    Forwardable._check_accessor(accessor)
    method = method.to_sym
    ali = ali.to_sym
    mod = Module === self ? self : singleton_class
    mod.__send__(:define_method, ali) do |*args, **kw, &block|
      Forwardable._target(self, accessor).public_send(method, *args, **kw, &block)
    end
    ali
  end

  alias delegate instance_delegate
  alias def_delegators def_instance_delegators
  alias def_delegator def_instance_delegator
end

module SingleForwardable
  def single_delegate(hash)
    hash.each do |methods, accessor|
      if methods.respond_to?(:each)
        methods.each { |method| def_single_delegator(accessor, method) }
      else
        def_single_delegator(accessor, methods)
      end
    end
  end

  def def_single_delegators(accessor, *methods)
    methods.each do |method|
      next if method.to_s == "__send__" || method.to_s == "__id__"
      def_single_delegator(accessor, method)
    end
  end

  def def_single_delegator(accessor, method, ali = method)
    accessor = accessor.to_s
    Forwardable._check_accessor(accessor)
    method = method.to_sym
    ali = ali.to_sym
    define_singleton_method(ali) do |*args, **kw, &block|
      Forwardable._target(self, accessor).public_send(method, *args, **kw, &block)
    end
    ali
  end

  alias delegate single_delegate
  alias def_delegators def_single_delegators
  alias def_delegator def_single_delegator
end
