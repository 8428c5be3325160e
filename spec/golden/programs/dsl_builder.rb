# DSLs with instance_eval: an HTML builder, a config DSL, and a route table
class HTMLBuilder
  VOID = %i[br hr img input].freeze

  def initialize
    @out = +""
    @depth = 0
  end

  def self.build(&blk)
    b = new
    b.instance_eval(&blk)
    b.result
  end

  def result = @out

  def text(s) = line(escape(s.to_s))

  def method_missing(tag, content = nil, **attrs, &blk)
    attr_s = attrs.map { |k, v| %( #{k.to_s.tr('_', '-')}="#{escape(v.to_s)}") }.join
    if VOID.include?(tag)
      line("<#{tag}#{attr_s}>")
    elsif blk
      line("<#{tag}#{attr_s}>")
      @depth += 1
      r = instance_eval(&blk)
      text(r) if r.is_a?(String) && @last_depth_written != @depth
      @depth -= 1
      line("</#{tag}>")
    else
      line("<#{tag}#{attr_s}>#{escape(content.to_s)}</#{tag}>")
    end
    self
  end

  def respond_to_missing?(*) = true

  private

  def line(s)
    @last_depth_written = @depth
    @out << "  " * @depth << s << "\n"
  end

  def escape(s) = s.gsub("&", "&amp;").gsub("<", "&lt;").gsub(">", "&gt;").gsub('"', "&quot;")
end

page = HTMLBuilder.build do
  html do
    head { title "Report <2024>" }
    body(class: "main", data_id: 7) do
      h1 "Sales & Stats"
      ul do
        %w[north south].each { |r| li r, class: "region" }
      end
      br
      p_ = "paragraph"
      div(id: "note") { text p_; img src: "x.png", alt: "say \"hi\"" }
    end
  end
end
puts page

class ServerConfig
  attr_reader :settings

  def self.configure(&blk)
    c = new
    c.instance_eval(&blk)
    c.freeze_all
  end

  def initialize
    @settings = {}
    @scope = []
  end

  def set(key, value) = @settings[(@scope + [key]).join(".")] = value

  def namespace(name)
    @scope.push(name)
    yield
  ensure
    @scope.pop
  end

  def env(name, &blk)
    namespace("env_#{name}", &blk)
  end

  def freeze_all
    @settings.freeze
    self
  end

  def [](k) = @settings.fetch(k) { raise KeyError, "no setting #{k}" }
end

conf = ServerConfig.configure do
  set :port, 8080
  set :host, "0.0.0.0"
  namespace :db do
    set :pool, 5
    namespace(:replica) { set :host, "db2" }
  end
  env(:test) { set :port, 9999 }
end
conf.settings.each { |k, v| puts "#{k} = #{v.inspect}" }
p conf["db.replica.host"], conf.settings.frozen?
begin
  conf["db.user"]
rescue KeyError => e
  puts "KeyError: #{e.message}"
end

class Router
  Route = Struct.new(:verb, :pattern, :keys, :action)

  def initialize(&blk)
    @routes = []
    instance_eval(&blk)
  end

  %w[get post delete].each do |verb|
    define_method(verb) do |path, to:|
      keys = path.scan(/:(\w+)/).flatten.map(&:to_sym)
      re = Regexp.new("\\A" + path.gsub(/:(\w+)/, "([^/]+)") + "\\z")
      @routes << Route.new(verb.upcase, re, keys, to)
    end
  end

  def resources(name)
    get "/#{name}", to: "#{name}#index"
    get "/#{name}/:id", to: "#{name}#show"
    post "/#{name}", to: "#{name}#create"
    delete "/#{name}/:id", to: "#{name}#destroy"
  end

  def recognize(verb, path)
    @routes.each do |r|
      next unless r.verb == verb
      m = r.pattern.match(path) or next
      return [r.action, r.keys.zip(m.captures).to_h]
    end
    [:not_found, {}]
  end
end

router = Router.new do
  get "/", to: "home#index"
  resources :posts
  get "/posts/:post_id/comments/:id", to: "comments#show"
end
[["GET", "/"], ["GET", "/posts"], ["GET", "/posts/42"], ["POST", "/posts"], ["DELETE", "/posts/9"],
 ["GET", "/posts/3/comments/8"], ["PUT", "/posts/1"], ["GET", "/nope"]].each do |verb, path|
  action, params = router.recognize(verb, path)
  puts format("%-6s %-22s -> %-16s %s", verb, path, action, params)
end
