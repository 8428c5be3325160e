# ERB with templates known at compile time: result(binding), result_with_hash,
# trim modes, ERB::Util.  A template known only at run time raises
# NotImplementedError in Spinel (CRuby evaluates it), so it is not shown here.
require 'erb'

name = "World"
items = %w[apple banana cherry]
puts ERB.new("Hello <%= name %>! You have <%= items.size %> items.").result(binding)

report = ERB.new(<<~TEMPLATE, trim_mode: "-")
  Inventory for <%= name.upcase %>
  <%- items.each_with_index do |item, i| -%>
    <%= i + 1 %>. <%= item.ljust(8) %> <%= "*" * item.size %>
  <%- end -%>
  <%# a comment is dropped %>
  <%% not a tag %>
  Total: <%= items.sum(&:size) %> letters
TEMPLATE
puts report.result(binding)

# the template sees locals assigned after the ERB object was made
name = "again"
puts report.result(binding).lines.first

puts ERB.new("<%= greeting %>, <%= who.capitalize %>!").result_with_hash(greeting: "Hi", who: "bob")

show = true
puts ERB.new(<<~T, trim_mode: "%<>").result(binding)
  % if show
  shown
  % end
  <%= [1, 2, 3].map { |x| x * 2 }.join(",") %>
  % 2.times do |k|
  row <%= k %>
  % end
T

price = 3.5
html = ERB.new('<p class="<%= "a&b" %>"><%= ERB::Util.h("<i>") %> $<%= "%.2f" % price %></p>').result(binding)
puts html
puts ERB::Util.html_escape(%q(<a href="x">'&'</a>)), ERB::Util.url_encode("a b&c/d")
include ERB::Util
puts h("1 < 2"), u("x y")

def render(user)
  ERB.new("user=<%= user %> self=<%= self.class %>").result(binding)
end
puts render("ann")
