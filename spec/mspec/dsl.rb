# The describe/it DSL.  Loading a spec file evaluates describe bodies at
# once (self is the file's environment object, as in MSpec) and records
# contexts, hooks and examples into the tree rooted at MSpec.root; a
# top-level describe then runs its examples at once (MSpec.process_context).

module MSpec
  def self.describe(args, options, block)
    desc = ""
    args.each_with_index do |a, i|
      s = a.to_s
      if i == 0 || s.start_with?("#") || s.start_with?(".") || s.start_with?("::")
        desc += s
      else
        desc += " " + s
      end
    end
    shared = options.is_a?(Hash) && options[:shared] ? true : false
    parent = shared ? nil : @current
    ctx = MSpecContext.new(desc, parent, shared)
    if shared
      @shared[desc] = ctx
    else
      @current.items << ctx
    end
    saved = @current
    @current = ctx
    begin
      # in the file's environment, as MSpec (a def in a describe body is
      # a singleton method of the environment, not a method of Object)
      if block
        if @env
          @env.instance_exec(&block)
        else
          block.call
        end
      end
    rescue Exception => e
      @load_errors << [ctx.full_description, e]
    ensure
      @current = saved
    end
    process_context(ctx) if !shared && parent.equal?(@root)
    ctx
  end

  def self.add_example(desc, block)
    @current.items << MSpecExample.new(desc.to_s, block, @current)
  end

  def self.add_hook(kind, scope, block)
    @current.add_hook(kind, scope, block)
  end

  def self.behave_like(name)
    shared = @shared[name.to_s]
    if shared.nil?
      raise Exception, "Unable to find shared 'describe' for #{name}"
    end
    @current.adopt(shared)
  end
end

class Object
  private

  def describe(*args, &block)
    options = nil
    options = args.pop if args.size > 1 && args.last.is_a?(Hash)
    MSpec.describe(args, options, block)
  end

  def context(*args, &block)
    options = nil
    options = args.pop if args.size > 1 && args.last.is_a?(Hash)
    MSpec.describe(args, options, block)
  end

  def it(desc = "", &block)
    MSpec.add_example(desc, block) if block
  end

  def specify(desc = "", &block)
    MSpec.add_example(desc, block) if block
  end

  def before(scope = :each, &block)
    MSpec.add_hook(:before, scope, block)
  end

  def after(scope = :each, &block)
    MSpec.add_hook(:after, scope, block)
  end

  def it_should_behave_like(name)
    MSpec.behave_like(name)
  end

  # Shared examples see @method and @object, set by a before(:all) hook of
  # the including context (MSpec's it_behaves_like).
  def it_behaves_like(name, meth = nil, obj = nil)
    before(:all) do
      @method = meth
      @object = obj
    end
    after(:all) do
      @method = nil
      @object = nil
    end
    MSpec.behave_like(name)
  end
end
