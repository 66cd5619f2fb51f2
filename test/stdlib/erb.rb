# erb.rb: lib/erb.rb (ERB): tags, trim modes, % lines, escapes, result and
# run with bindings, src, filename and line numbers, def_method/def_class/
# def_module, ERB::Util and ERB::DefMethod.
require 'assert'
require 'erb'
require 'stringio'

def erb(str, trim = nil, b = nil)
  e = ERB.new(str, nil, trim)
  b ? e.result(b) : e.result
end

test "tags" do
  assert_equal "a1b", erb("a<%= 1 %>b")
  assert_equal "x=3", erb("<% x = 3 %>x=<%= x %>")
  assert_equal "ab", erb("a<%# a comment %>b")
  assert_equal "<% not code %>", erb("<%% not code %>")
  assert_equal "a %> b", erb("<%= 'a %%> b' %>")
  assert_equal "50%> plain", erb("50%> plain")
  assert_equal "nil: .", erb("nil: <%= nil %>.")
  assert_equal "[1, 2]", erb("<%= [1, 2].inspect %>")
  assert_equal "", erb("")
  assert_equal "just text\n", erb("just text\n")
  assert_equal "quotes \" and \\ and \#{x}", erb("quotes \" and \\ and \#{x}")
  assert_equal "0\n1\n2\n", erb("<% 3.times do |i| %><%= i %>\n<% end %>")
end

test "newlines without a trim mode are kept" do
  assert_equal "\n0\n\n1\n\n", erb("<% 2.times do |i| %>\n<%= i %>\n<% end %>\n")
  assert_equal "a\n\nb", erb("a\n<% if true %>\nb<% end %>")
  assert_equal "multi\nline", erb("<%= ['multi',\n 'line'].join(\"\\n\") %>")
end

LOOP = "<% [1, 2].each do |i| %>\n  <%= i %>\n<% end %>\ndone\n"

test "trim mode >" do
  assert_equal "  1  2done\n", erb(LOOP, '>')                 # <%= i %> ends its line too
  assert_equal "  1  2done\n", erb(LOOP, 1)
  # any line that ends with %> loses its newline
  assert_equal "a1b2", erb("a<%= 1 %>\nb<%= 2 %>\n", '>')
  assert_equal "a\n", erb("a\n", '>')
end

test "trim mode <>" do
  assert_equal "  1\n  2\ndone\n", erb(LOOP, '<>')
  assert_equal "  1\n  2\ndone\n", erb(LOOP, 2)
  # only lines that start with <% and end with %>
  assert_equal "a1\nb2\n", erb("a<%= 1 %>\nb<%= 2 %>\n", '<>')
  assert_equal "12", erb("<%= 1 %>\n<%= 2 %>\n", '<>')
  assert_equal " 1\n", erb(" <%= 1 %>\n", '<>')
end

test "trim mode -" do
  t = "<ul>\n  <%- [1, 2].each do |i| -%>\n  <li><%= i %></li>\n  <%- end -%>\n</ul>\n"
  assert_equal "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>\n", erb(t, '-')
  assert_equal "a1b", erb("a<%= 1 -%>\nb", '-')
  assert_equal "a 1\n", erb("a <%- x = 1 %><%= x %>\n", '-')    # <%- keeps text before it on its line
  assert_equal "ab", erb("a<% -%>b", '-')
  assert_equal "x\n", erb("<% -%>\nx\n", '-')
  # without the - mode, -%> is a syntax error of the code in the tag
  assert_raise(SyntaxError) { erb("<% -%>", nil) }
end

test "% lines" do
  t = "% [1, 2].each do |i|\nitem <%= i %>\n% end\n%% literal\n50% off\n"
  assert_equal "item 1\nitem 2\n% literal\n50% off\n", erb(t, '%')
  assert_equal t.sub("%% literal", "% literal").sub(/\A/, ''), erb(t) .sub("item <%= i %>", "x") if false
  # without %, they are text
  assert_equal "% x = 1\n", erb("% x = 1\n")
  # combined with the trim modes
  assert_equal "a1\n", erb("% x = 1\na<%= x %>\n", '%<>')
  assert_equal "a1", erb("% x = 1\na<%= x %>\n", '%>')
  assert_equal "12", erb("% [1, 2].each do |i|\n  <%- if i -%>\n<%= i %><%- end -%>\n% end\n", '%-').delete("\n")
  assert_equal "x\n", erb("%\nx\n", '%')                          # an empty % line
  assert_equal "<%= 1 %>\n", erb("%%<%= 1 %>\n", '%').sub(/\A%/, '') if false
  assert_equal "%1\n", erb("%%<%= 1 %>\n", '%')
end

test "result and run with bindings" do
  name = "world"
  assert_equal "hello world", ERB.new("hello <%= name %>").result(binding)
  @ivar = 42
  assert_equal "42", ERB.new("<%= @ivar %>").result(binding)
  b = lambda { |v| binding }.call(7)
  assert_equal "7", ERB.new("<%= v %>").result(b)
  assert_equal "main", ERB.new("<%= self %>").result
  assert_equal "2", ERB.new("<%= 1 + 1 %>").result
  saved = $stdout
  $stdout = StringIO.new
  begin
    ERB.new("ran <%= name %>").run(binding)
    printed = $stdout.string
  ensure
    $stdout = saved
  end
  assert_equal "ran world", printed
  assert_raise(NameError) { ERB.new("<%= no_such_name_here %>").result }
end

test "src, eoutvar and line numbers" do
  assert_equal "_erbout = ''; _erbout.concat \"a\"; _erbout.concat(( 1 ).to_s); _erbout",
               ERB.new("a<%= 1 %>").src
  assert_equal "_buf = ''; _buf.concat \"x\"; _buf", ERB.new("x", nil, nil, '_buf').src
  assert_equal "x", ERB.new("x", nil, nil, '_buf').result
  e = ERB.new("line1\n<%# two\n lines %>\n<%= __LINE__ %>\n<% raise 'boom' %>")
  assert_equal 5, e.src.count("\n") + 1
  err = assert_raise(RuntimeError) { e.result }
  assert_equal "boom", err.message
  assert_match(/\A\(erb\):5\b/, err.backtrace[0])
  assert_nil e.filename
  e.filename = "page.erb"
  err = assert_raise(RuntimeError) { e.result }
  assert_match(/\Apage\.erb:5\b/, err.backtrace[0])
  assert_equal "\n\n\n4", ERB.new("\n\n\n<%= __LINE__ %>").result
  assert_equal "3", ERB.new("% a = 1\n%\n<%= __LINE__ %>", nil, '%').result
  assert_equal "\n3", ERB.new("<% 1 -%>\n\n<%= __LINE__ %>", nil, '-').result
  assert_equal "\n3", ERB.new("<% 1 %>\n\n<%= __LINE__ %>", nil, '<>').result
  assert_equal 7, ERB.new("x", 7).safe_level
  assert_equal "2.0.4", ERB.version
end

class Page
  def initialize(title)
    @title = title
  end
end

test "def_method, def_class and def_module" do
  ERB.new("<h1><%= @title %></h1>").def_method(Page, 'render')
  assert_equal "<h1>Home</h1>", Page.new("Home").render
  ERB.new("<%= @title %>: <%= n * 2 %>").def_method(Page, 'twice(n)')
  assert_equal "Home: 6", Page.new("Home").twice(3)
  e = ERB.new("a\n<%= raise 'in method' %>")
  e.def_method(Page, 'broken', 'page.rhtml')
  err = assert_raise(RuntimeError) { Page.new("x").broken }
  assert_match(/\Apage\.rhtml:2/, err.backtrace[0])
  klass = ERB.new("<%= @title %>!").def_class(Page, 'shout')
  assert_equal Page, klass.superclass
  assert_equal "hi!", klass.new("hi").shout
  plain = ERB.new("plain").def_class
  assert_equal Object, plain.superclass
  assert_equal "plain", plain.new.result
  mod = ERB.new("<%= arg %>").def_module('show(arg)')
  assert_kind_of Module, mod
  o = Object.new.extend(mod)
  assert_equal "5", o.show(5)
  assert_equal "x", Object.new.extend(ERB.new("x").def_module).erb
end

test "ERB::Util" do
  assert_equal "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry's&lt;/a&gt;", ERB::Util.html_escape("<a href=\"x\">Tom & Jerry's</a>")
  assert_equal "1", ERB::Util.h(1)
  assert_equal "", ERB::Util.h(nil)
  assert_equal "a%20b%26c%2Fd%3F%3D%25", ERB::Util.url_encode("a b&c/d?=%")
  assert_equal "az_AZ09-.", ERB::Util.u("az_AZ09-.")
  assert_equal "%E3%81%82", ERB::Util.u("\343\201\202")
  helper = Object.new
  helper.extend(ERB::Util)
  assert_equal "&lt;", helper.__send__(:h, "<")                    # private, as module functions are
  assert_equal "%7E", helper.__send__(:u, "~")
  assert_false helper.respond_to?(:h)
  include ERB::Util
  assert_equal "&amp;lt;", ERB.new("<%= h '&lt;' %>").result(binding)
end

class Mailer
  extend ERB::DefMethod
  def self.define(*args)
    def_erb_method(*args)                    # private, as module functions are
  end
end

test "ERB::DefMethod.def_erb_method" do
  dir = File.join(ENV["TMPDIR"] || "/tmp", "erb_test_#{$$}")
  Dir.mkdir(dir)
  begin
    path = File.join(dir, "greet.erb")
    File.open(path, "w") { |f| f.write("Dear <%= @who %>,\n<%= oops %>") }
    Mailer.define('greet', path)
    m = Mailer.new
    m.instance_variable_set(:@who, "Ann")
    def m.oops; "bye"; end
    assert_equal "Dear Ann,\nbye", m.greet
    def m.oops; raise "no"; end
    err = assert_raise(RuntimeError) { m.greet }
    assert_equal "#{path}:2", err.backtrace[1][/\A[^:]+:\d+/]
    Mailer.define('note(x)', ERB.new("note <%= x %>"))
    assert_equal "note 1", Mailer.new.note(1)
    assert_raise(NoMethodError) { Mailer.def_erb_method('x', ERB.new("")) }
  ensure
    File.delete(path) if File.exist?(path)
    Dir.rmdir(dir)
  end
end

test "ERB::Compiler" do
  c = ERB::Compiler.new('%<>')
  assert_equal true, c.percent
  assert_equal '<>', c.trim_mode
  c = ERB::Compiler.new(nil)
  assert_equal [false, nil], [c.percent, c.trim_mode]
  assert_equal "print \"x\"", c.compile("x")
  c.put_cmd = "out <<"
  assert_equal "out << \"a\"; print((1).to_s)", c.compile("a<%=1%>")
  assert_equal '-', ERB::Compiler.new('-').trim_mode
  assert_equal '>', ERB::Compiler.new('%>').trim_mode
end

test "safe_level: the template runs at that $SAFE, in a thread of its own" do
  assert_equal "0", ERB.new("<%= $SAFE %>").result(binding)
  assert_equal "1", ERB.new("<%= $SAFE %>", 1).result(binding)
  assert_equal 0, $SAFE
  code = "1 + 1".taint
  assert_equal "2", ERB.new("<%= eval(code) %>").result(binding)
  e = assert_raise(SecurityError) { ERB.new("<%= eval(code) %>", 1).result(binding) }
  assert_equal "Insecure operation - eval", e.message
  assert_equal 0, $SAFE
  Thread.current[:erb_mark] = :here
  assert_equal "", ERB.new("<%= Thread.current[:erb_mark] %>", 1).result(binding)
  assert_equal "here", ERB.new("<%= Thread.current[:erb_mark] %>").result(binding)
  Thread.current[:erb_mark] = nil
  x = 5
  assert_equal "6", ERB.new("<%= x + 1 %>", 0).result(binding)    # the caller's locals
  e = assert_raise(NameError) { ERB.new("<%= no_such_thing %>", 1).result(binding) }
  assert_match(/no_such_thing/, e.message)
end
