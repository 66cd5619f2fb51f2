# uri.rb: lib/uri.rb and lib/uri/*.rb (URI after RFC 2396).
require 'assert'
require 'uri'

test "parse and the components" do
  u = URI.parse("http://user:pw@www.Example.com:8080/a/b.html?q=1#frag")
  assert_equal URI::HTTP, u.class
  assert_kind_of URI::Generic, u
  assert_equal ["http", "user:pw", "user", "pw", "www.Example.com", 8080, "/a/b.html", "q=1", "frag"],
               [u.scheme, u.userinfo, u.user, u.password, u.host, u.port, u.path, u.query, u.fragment]
  assert_nil u.opaque
  assert_nil u.registry
  assert_equal "http://user:pw@www.Example.com:8080/a/b.html?q=1#frag", u.to_s
  assert_equal "/a/b.html?q=1", u.request_uri
  assert_match(/\A#<URI::HTTP:0x[0-9a-f]+ URL:http:\/\/user:pw@www\.Example\.com:8080\/a\/b\.html\?q=1#frag>\z/, u.inspect)
  assert_true u.frozen? == false
  assert_true u.scheme.frozen?
  assert_true u.absolute?
  assert_true u.absolute
  assert_false u.relative?
  assert_true u.hierarchical?
  assert_equal URI::HTTPS, URI.parse("https://x/").class
  assert_equal URI::FTP, URI.parse("ftp://x/").class
  assert_equal URI::MAILTO, URI.parse("mailto:a@b").class
  assert_equal URI::LDAP, URI.parse("ldap://x/").class
  assert_equal URI::Generic, URI.parse("foo://x/").class
  assert_equal URI::HTTP, URI.parse("HTTP://x/").class           # the scheme's case does not matter
  assert_equal URI::Generic, URI.parse("/rel/path").class
  assert_equal "[::1]", URI.parse("http://[::1]:8080/x").host
  assert_equal "192.168.0.1", URI.parse("http://192.168.0.1/").host
  o = URI.parse("urn:isbn:0451450523")
  assert_equal ["urn", "isbn:0451450523", nil, nil], [o.scheme, o.opaque, o.path, o.host]
  assert_false o.hierarchical?
  assert_equal "urn:isbn:0451450523", o.to_s
  r = URI.parse("../x?y#z")
  assert_true r.relative?
  assert_equal ["../x", "y", "z"], [r.path, r.query, r.fragment]
  assert_equal "", URI.parse("").path
  assert_equal "", URI.parse("http://host").path
  assert_equal "http://host", URI.parse("http://host").to_s
end

test "default ports" do
  assert_equal 80, URI.parse("http://x/").port
  assert_equal 443, URI.parse("https://x/").port
  assert_equal 21, URI.parse("ftp://x/").port
  assert_equal 389, URI.parse("ldap://x/").port
  assert_nil URI.parse("foo://x/").port
  assert_equal 80, URI::HTTP.default_port
  assert_equal 443, URI::HTTPS.default_port
  assert_equal 21, URI::FTP.default_port
  assert_equal 389, URI::LDAP.default_port
  assert_nil URI::MAILTO.default_port
  assert_nil URI::Generic.default_port
  assert_equal 443, URI.parse("https://x/").default_port
  assert_equal "http://x/", URI.parse("http://x:80/").to_s       # the default port is left out
  assert_equal "http://x:81/", URI.parse("http://x:81/").to_s
  assert_equal "https://x:80/", URI.parse("https://x:80/").to_s
  assert_equal 8, URI.parse("http://x:8/").port
end

test "split" do
  assert_equal ["http", nil, "www.ruby-lang.org", nil, nil, "/", nil, nil, nil],
               URI.split("http://www.ruby-lang.org/")
  assert_equal ["http", "u:p", "h", "81", nil, "/p", nil, "q", "f"], URI.split("http://u:p@h:81/p?q#f")
  assert_equal ["mailto", nil, nil, nil, nil, nil, "a@b", nil, nil], URI.split("mailto:a@b")
  assert_equal [nil, nil, nil, nil, nil, "../x", nil, "y", "z"], URI.split("../x?y#z")
  assert_equal [nil, nil, "h", nil, nil, "/p", nil, nil, nil], URI.split("//h/p")
  assert_equal [nil, nil, nil, nil, nil, "", nil, nil, nil], URI.split("")
  assert_equal ["foo", nil, nil, nil, "reg_name", "", nil, nil, nil], URI.split("foo://reg_name")
end

test "bad URIs" do
  ["http://a b/", " http://x/", "http://x/ ", "<>", "http://x/%zz", "a\nhttp://x/", "http://x/\n"].each do |bad|
    assert_raise(URI::InvalidURIError, "bad URI(is not URI?): #{bad}") { URI.parse(bad) }
  end
  assert_raise(URI::InvalidURIError, "bad URI(is not URI?): ") { URI.parse(nil) }
  assert_raise(URI::InvalidURIError, "bad URI(absolute but no path): http:") { URI.parse("http:") }
  assert_raise(URI::InvalidURIError,
               "the scheme http does not accept registry part: foo_bar (or bad hostname?)") { URI.parse("http://foo_bar/") }
  assert_raise(URI::InvalidComponentError, "unrecognised opaque part for mailtoURL: a@b,c@d") { URI.parse("mailto:a@b,c@d") }
  assert_raise(URI::InvalidURIError, "bad LDAP URL") { URI.parse("ldap://h/dc=x#frag") }
  assert URI::InvalidURIError < URI::Error
  assert URI::InvalidComponentError < URI::Error
  assert URI::BadURIError < URI::Error
  assert URI::Error < StandardError
end

test "setters check their component" do
  u = URI.parse("http://x.com/")
  checks = [
    [:host=, "a b", URI::InvalidComponentError, "bad component(expected host component): a b"],
    [:port=, "x", URI::InvalidComponentError, "bad component(expected port component): x"],
    [:path=, "rel", URI::InvalidComponentError, "bad component(expected absolute path component): rel"],
    [:query=, "a b", URI::InvalidComponentError, "bad component(expected query component): a b"],
    [:fragment=, "a b", URI::InvalidComponentError, "bad component(expected fragment component): a b"],
    [:scheme=, "1x", URI::InvalidComponentError, "bad component(expected scheme component): 1x"],
    [:user=, "a@b", URI::InvalidComponentError, "bad component(expected userinfo component or user component): a@b"],
    [:password=, "p", URI::InvalidURIError, "password component depends user component"],
    [:opaque=, "x", URI::InvalidURIError, "can not set opaque with host, port, userinfo or path"],
    [:registry=, "r", URI::InvalidURIError, "can not set registry with host, port, or userinfo"],
    [:userinfo=, "a b:c", URI::InvalidComponentError, "bad component(expected userinfo component or user component): a b"],
    [:userinfo=, "a:b c", URI::InvalidComponentError, "bad component(expected user component): b c"],
  ]
  checks.each do |setter, value, klass, message|
    assert_raise(klass, message) { u.dup.__send__(setter, value) }
  end
  assert_equal "http://x.com/", u.to_s                   # nothing changed
  assert_equal "y.org", (u.host = "y.org")
  assert_equal "8080", (u.port = "8080")            # an assignment is its right side
  assert_equal 8080, u.port                         # but the port is kept as an Integer
  assert_equal 8080, u.__send__(:port=, "8080")     # port= itself returns the port
  assert_equal 81, (u.port = 81)
  assert_equal "/a/b", (u.path = "/a/b")
  assert_equal "x=1", (u.query = "x=1")
  assert_equal "top", (u.fragment = "top")
  assert_equal "https", (u.scheme = "https")
  assert_equal "me", (u.user = "me")
  assert_equal "secret", (u.password = "secret")
  assert_equal "me:secret", u.userinfo
  assert_equal "https://me:secret@y.org:81/a/b?x=1#top", u.to_s
  u.userinfo = ["you", "pw"]
  assert_equal ["you", "pw"], [u.user, u.password]
  u.userinfo = "him"
  assert_equal ["him", "pw"], [u.user, u.password]          # the password stays
  assert_nil(u.userinfo = nil)
  assert_equal "", (u.query = "")
  u.query = nil
  u.fragment = nil
  assert_equal "https://him:pw@y.org:81/a/b", u.to_s
  g = URI::Generic.new(nil, nil, nil, nil, nil, "x", nil, nil, nil)
  assert_raise(URI::InvalidComponentError, "bad component(expected relative path component): a b") { g.path = "a b" }
  assert_equal "rel/path", (g.path = "rel/path")
  m = URI.parse("mailto:a@b")
  assert_raise(URI::InvalidURIError, "can not set host with registry or opaque") { m.host = "x" }
  assert_raise(URI::InvalidURIError, "can not set port with registry or opaque") { m.port = 1 }
  assert_raise(URI::InvalidURIError, "can not set user with registry or opaque") { m.user = "x" }
  assert_raise(URI::InvalidURIError, "path conflicts with opaque") { m.path = "/x" }
  assert_raise(URI::InvalidURIError, "query conflicts with opaque") { m.query = "x" }
  o = URI.parse("foo:x")
  assert_raise(URI::InvalidComponentError, "bad component(expected opaque component): /x") { o.opaque = "/x" }
  assert_equal "bar", (o.opaque = "bar")
  assert_equal "foo:bar", o.to_s
  reg = URI::Generic.new("foo", nil, nil, nil, nil, nil, nil, nil, nil)
  assert_raise(URI::InvalidComponentError, "bad component(expected registry component): a b") { reg.registry = "a b" }
end

test "new with arg_check, build, build2" do
  assert_raise(URI::InvalidComponentError, "bad component(expected host component): a b") do
    URI::Generic.new("http", nil, "a b", nil, nil, "/", nil, nil, nil, true)
  end
  assert_equal "a b", URI::Generic.new("http", nil, "a b", nil, nil, "/", nil, nil, nil).host
  assert_equal "http://www.example.com/foo/bar?a=b",
               URI::HTTP.build(:host => "www.example.com", :path => "/foo/bar", :query => "a=b").to_s
  assert_equal "http://u:p@h:8000/p?q#f", URI::HTTP.build(["u:p", "h", 8000, "/p", "q", "f"]).to_s
  assert_equal "https://h/", URI::HTTPS.build(:host => "h", :path => "/").to_s
  assert_raise(URI::InvalidComponentError, "bad component(expected host component): a b") { URI::HTTP.build(:host => "a b") }
  assert_raise(ArgumentError, "expected Array of or Hash of components of URI::HTTP (userinfo, host, port, path, query, fragment)") { URI::HTTP.build(3) }
  assert_raise(ArgumentError) { URI::HTTP.build(["too", "few"]) }
  assert_equal "http://h/a%20b", URI::HTTP.build2(:host => "h", :path => "/a b").to_s
  assert_equal "http://h/a%20b", URI::HTTP.build2([nil, "h", nil, "/a b", nil, nil]).to_s
  assert_equal "foo://h/x", URI::Generic.build(["foo", nil, "h", nil, nil, "/x", nil, nil, nil]).to_s
  assert_equal "foo://h/x", URI::Generic.build(:scheme => "foo", :host => "h", :path => "/x").to_s
  assert_equal [:scheme, :userinfo, :host, :port, :path, :query, :fragment], URI::HTTP.component
  assert_equal URI::HTTP.component, URI.parse("http://x/").component
  assert_false URI::Generic.use_registry
end

test "merge, + and join (RFC 2396 appendix C)" do
  base = URI.parse("http://a/b/c/d;p?q")
  {
    "g:h" => "g:h", "g" => "http://a/b/c/g", "./g" => "http://a/b/c/g", "g/" => "http://a/b/c/g/",
    "/g" => "http://a/g", "//g" => "http://g", "?y" => "http://a/b/c/?y", "g?y" => "http://a/b/c/g?y",
    "#s" => "http://a/b/c/d;p?q#s", "g#s" => "http://a/b/c/g#s", "g?y#s" => "http://a/b/c/g?y#s",
    ";x" => "http://a/b/c/;x", "g;x" => "http://a/b/c/g;x", "g;x?y#s" => "http://a/b/c/g;x?y#s",
    "." => "http://a/b/c/", "./" => "http://a/b/c/", ".." => "http://a/b/", "../" => "http://a/b/",
    "../g" => "http://a/b/g", "../.." => "http://a/", "../../" => "http://a/", "../../g" => "http://a/g",
    "" => "http://a/b/c/d;p?q",
    "../../../g" => "http://a/../g", "../../../../g" => "http://a/../../g", "/./g" => "http://a/./g",
    "/../g" => "http://a/../g", "g." => "http://a/b/c/g.", ".g" => "http://a/b/c/.g", "g.." => "http://a/b/c/g..",
    "..g" => "http://a/b/c/..g", "./../g" => "http://a/b/g", "./g/." => "http://a/b/c/g/",
    "g/./h" => "http://a/b/c/g/h", "g/../h" => "http://a/b/c/h", "g;x=1/./y" => "http://a/b/c/g;x=1/y",
    "g;x=1/../y" => "http://a/b/c/y",
  }.each do |rel, want|
    assert_equal want, base.merge(rel).to_s, "merge #{rel.inspect}"
  end
  assert_equal "http://a/b/c/d;p?q", base.to_s                   # merge makes a copy
  assert_equal "http://a/b/c/g", (base + "g").to_s
  assert_equal "http://a/b/c/g", (base + URI.parse("g")).to_s
  assert_equal URI::HTTP, (base + "g").class
  assert_equal "http://a/b/e/f", URI.join("http://a/b/c", "d", "e/f").to_s
  assert_equal "http://x/", URI.join("http://x/").to_s
  x = URI.parse("http://a/b/")
  assert_same x, x.merge!("c")
  assert_equal "http://a/b/c", x.to_s
  assert_nil x.merge!("c")                                       # nothing changed
  assert_raise(URI::BadURIError, "both URI are relative") { URI.parse("x") + "y" }
  assert_raise(ArgumentError, "bad argument(expected URI object or URI string)") { base + 3 }
  assert_equal "http://b/x", (URI.parse("y") + "http://b/x").to_s   # relative + absolute: the absolute
end

test "route_from, - and route_to" do
  [["http://hoge/a.html", "http://hoge/b.html", "b.html"],
   ["http://hoge/a/", "http://hoge/b/", "../b/"],
   ["http://hoge/a/b", "http://hoge/b/", "../b/"],
   ["http://hoge/a/b/", "http://hoge/b/", "../../b/"],
   ["http://hoge/a/b/", "http://HOGE/b/", "../../b/"],
   ["http://hoge/a/b/", "http://MOGE/b/", "//MOGE/b/"],
   ["file:///a/b/", "file:///a/b/", ""],
   ["mailto:foo@example.com", "mailto:foo@example.com#bar", "#bar"],
   ["mailto:foo@example.com#bar", "mailto:foo@example.com", ""],
   ["http://a/b/c/d;p?q", "http://a/b/c/g?y", "g?y"],
   ["http://a/b/c/", "http://a/b/c/?q", "?q"],
   ["http://a/b/", "http://a/b/c:d", "./c:d"],
   ["http://a/b/c", "http://a/b/", "./"],
   ["http://a/b/c", "http://a/x/../y", "/x/../y"],
   ["http://a:80/", "http://a:81/x", "//a:81/x"],
  ].each do |from, to, want|
    assert_equal want, URI.parse(from).route_to(to).to_s, "#{from} -> #{to}"
    assert_equal want, (URI.parse(to) - from).to_s
    assert_equal want, URI.parse(to).route_from(URI.parse(from)).to_s
  end
  assert_equal URI::Generic, URI.parse("http://a/x").route_to("http://a/y").class
  assert_equal "ftp://a/", URI.parse("http://a/").route_to("ftp://a/").to_s   # another scheme: the URI itself
  assert_raise(URI::BadURIError, "relative URI: x") { URI.parse("x").route_to("http://a/") }
  assert_raise(URI::BadURIError, "relative URI: y") { URI.parse("http://a/").route_to("y") }
  assert_raise(ArgumentError, "bad argument(expected URI object or URI string)") { URI.parse("http://a/").route_to(1) }
end

test "normalize, ==, eql?, hash, select, coerce" do
  n = URI.parse("http://www.EXAMPLE.com")
  assert_equal "http://www.example.com/", n.normalize.to_s
  assert_equal "http://www.EXAMPLE.com", n.to_s                  # normalize makes a copy
  n.normalize!
  assert_equal "http://www.example.com/", n.to_s
  assert_true URI.parse("http://a/") == URI.parse("http://A")
  assert_false URI.parse("http://a/") == URI.parse("http://a/x")
  assert_false URI.parse("http://a/") == "http://a/"
  assert_false URI.parse("http://a/") == URI.parse("https://a/")
  assert_true URI.parse("http://a/").eql?(URI.parse("http://a/"))
  assert_false URI.parse("http://a/").eql?(URI.parse("http://A/"))
  assert_equal URI.parse("http://a/b").hash, URI.parse("http://a/b").hash
  h = { URI.parse("http://a/b") => 1 }
  assert_equal 1, h[URI.parse("http://a/b")]
  assert_equal ["a", "/b", "c"], URI.parse("http://a/b?c").select(:host, :path, :query)
  assert_raise(ArgumentError, "expected of components of URI::HTTP (scheme, userinfo, host, port, path, query, fragment)") do
    URI.parse("http://a/").select(:opaque)
  end
  a, b = URI.parse("http://a/").coerce("http://b/")
  assert_equal ["http://b/", "http://a/"], [a.to_s, b.to_s]
end

test "FTP and typecode" do
  f = URI.parse("ftp://ftp.example.com/pub/ruby;type=i")
  assert_equal "pub/ruby", f.path                                # RFC 1738: relative to the login directory
  assert_equal "i", f.typecode
  assert_equal "ftp://ftp.example.com/pub/ruby;type=i", f.to_s
  assert_equal "/pub/x", URI.parse("ftp://h/%2Fpub/x").path
  assert_equal "/pub/x", URI.parse("ftp://h//pub/x").path
  assert_nil URI.parse("ftp://h/x").typecode
  assert_equal "d", (f.typecode = "d")
  assert_equal "ftp://ftp.example.com/pub/ruby;type=d", f.to_s
  assert_raise(URI::InvalidComponentError, "bad typecode(expected a, i, d): q") { f.typecode = "q" }
  assert_raise(URI::InvalidComponentError, "bad typecode(expected a, i, d): q") do
    URI::FTP.new("ftp", nil, "h", nil, nil, "/x;type=q", nil, nil, nil, true)
  end
  assert_equal "ftp://ftp.x.org/%2Fpub/ruby;type=i",
               URI::FTP.build(:host => "ftp.x.org", :path => "/pub/ruby", :typecode => "i").to_s
  assert_equal "ftp://ftp.x.org/pub/ruby", URI::FTP.build(:host => "ftp.x.org", :path => "pub/ruby").to_s
  assert_equal "ftp://u@h/p;type=a", URI::FTP.build(["u", "h", nil, "p", "a"]).to_s
  assert_equal "ftp://u:p@h/x;type=a", URI::FTP.new2("u", "p", "h", 21, "/x", "a").to_s
  assert_raise(ArgumentError, "bad typecode is specified: z") { URI::FTP.new2("u", "p", "h", 21, "/x", "z") }
  m = URI.parse("ftp://h/dir/file;type=a") + "other"
  assert_equal "ftp://h/dir/other", m.to_s
  assert_equal [:scheme, :userinfo, :host, :port, :path, :typecode], URI::FTP.component
end

test "MAILTO" do
  m = URI.parse("mailto:joe@example.com?subject=Hi%20there&body=Hello%0Aworld&cc=x@y")
  assert_equal "joe@example.com", m.to
  assert_equal [["subject", "Hi%20there"], ["body", "Hello%0Aworld"], ["cc", "x@y"]], m.headers
  assert_equal "mailto:joe@example.com?subject=Hi%20there&body=Hello%0Aworld&cc=x@y", m.to_s
  assert_equal "To: joe@example.com\nSubject: Hi there\nCc: x@y\n\nHello\nworld\n", m.to_mailtext
  assert_equal m.to_mailtext, m.to_rfc822text
  assert_equal "To: a@b, c@d\n\n\n", URI.parse("mailto:a@b?to=c@d").to_mailtext
  assert_equal "mailto:joe@example.com?subject=Ruby", URI::MAILTO.build(['joe@example.com', 'subject=Ruby']).to_s
  assert_equal "mailto:joe@example.com?Subject=Ruby&Cc=jack@example.com",
               URI::MAILTO.build(['joe@example.com', [['Subject', 'Ruby'], ['Cc', 'jack@example.com']]]).to_s
  assert_equal "mailto:joe@example.com?subject=x",
               URI::MAILTO.build(:to => 'joe@example.com', :headers => { 'subject' => 'x' }).to_s
  # as in 1.8.7 an empty opaque part is refused
  assert_raise(URI::InvalidComponentError, "bad component(expected opaque component): ") { URI::MAILTO.build([nil, nil]) }
  assert_equal "a%2Cb@c", URI.parse("mailto:a%2Cb@c").to
  assert_equal "x@y", (m.to = "x@y")
  assert_raise(URI::InvalidComponentError, "bad component(expected opaque component): a,b") { m.to = "a,b" }
  assert_equal "a=b", (m.headers = "a=b")
  assert_equal [["a", "b"]], m.headers
  assert_raise(URI::InvalidComponentError, "bad component(expected opaque component): a") { m.headers = "a" }
  assert_equal "mailto:x@y?a=b", m.to_s
  assert_equal [:scheme, :to, :headers], URI::MAILTO.component
end

test "LDAP" do
  l = URI.parse("ldap://ldap.example.com/dc=example,dc=com?cn,sn?sub?(cn=x)")
  assert_equal ["dc=example,dc=com", "cn,sn", "sub", "(cn=x)", nil],
               [l.dn, l.attributes, l.scope, l.filter, l.extensions]
  assert_false l.hierarchical?
  assert_equal "ldap://ldap.example.com/dc=example,dc=com?cn,sn?sub?(cn=x)", l.to_s
  l.scope = URI::LDAP::SCOPE_ONE
  assert_equal "ldap://ldap.example.com/dc=example,dc=com?cn,sn?one?(cn=x)", l.to_s
  l.dn = "o=x"
  l.filter = nil
  assert_equal "ldap://ldap.example.com/o=x?cn,sn?one", l.to_s
  assert_equal ["one", "sub", "base"], URI::LDAP::SCOPE
  assert_equal "ldap://ldap.example.com/dc=example?cn??(x)",
               URI::LDAP.build(:host => 'ldap.example.com', :dn => '/dc=example', :attributes => 'cn', :filter => '(x)').to_s
  assert_equal [nil, nil, nil, nil], URI.parse("ldap://h/o=a").select(:attributes, :scope, :filter, :extensions)
end

test "extract and regexp" do
  assert_equal ["http://a.com/x", "mailto:b@c.d"], URI.extract("text http://a.com/x and mailto:b@c.d end")
  assert_equal ["ftp://b.org"], URI.extract("x http://a.com y ftp://b.org", ["ftp"])
  assert_equal ["HTTP://A.COM"], URI.extract("x HTTP://A.COM", ["http"])
  assert_equal [], URI.extract("no uris here")
  seen = []
  assert_nil URI.extract("a http://x.com/ b https://y/") { |u| seen << u }
  assert_equal ["http://x.com/", "https://y/"], seen
  assert_equal 4, URI.regexp(["http"]) =~ "see http://a.com"
  assert_nil URI.regexp(["ftp"]) =~ "see http://a.com"
  assert_equal "http://a.com", $~[0] if URI.regexp =~ "x http://a.com"
  assert_kind_of Regexp, URI.regexp
  assert_match URI::ABS_URI, "http://x/"
  assert_nil URI::ABS_URI =~ "rel/x"
  assert_match URI::REL_URI, "rel/x"
  assert_match URI::REGEXP::HOST, "www.example.com"
  assert_nil URI::REGEXP::HOST =~ "a b"
  assert_kind_of String, URI::REGEXP::PATTERN::HOSTNAME
end

test "escape and unescape" do
  assert_equal "a%20b&c/%C3%A4", URI.escape("a b&c/\303\244")
  assert_equal "a%2Cb%3Bc", URI.escape("a,b;c", ",;")
  assert_equal "a%62c", URI.escape("abc", /b/)
  assert_equal "x%20y", URI.encode("x y")
  assert_equal "%5C%22%3C%3E%7B%7D%7C%5E%60", URI.escape("\\\"<>{}|^`")
  assert_equal "a bA", URI.unescape("a%20b%41")
  assert_equal "~", URI.decode("%7e")
  assert_equal "%zz%4", URI.unescape("%zz%4")
  s = (0..255).map { |i| i.chr }.join
  assert_equal s, URI.unescape(URI.escape(s))
  o = Object.new
  o.extend(URI::Escape)
  assert_equal "a%20b", o.escape("a b")
end

test "Kernel#URI" do
  u = URI("http://z/")
  assert_equal URI::HTTP, u.class
  assert_equal "http://z/", u.to_s
  assert_raise(URI::InvalidURIError, "bad URI(is not URI?): a b") { URI("a b") }
  assert_true Kernel.private_method_defined?(:URI)
  assert_equal "http://y/", Kernel.URI("http://y/").to_s
end

test "scheme_list" do
  list = URI.scheme_list
  assert_equal URI::HTTP, list["HTTP"]
  assert_equal URI::HTTPS, list["HTTPS"]
  assert_equal URI::FTP, list["FTP"]
  assert_equal URI::MAILTO, list["MAILTO"]
  assert_equal URI::LDAP, list["LDAP"]
  assert_equal ["FTP", "HTTP", "HTTPS", "LDAP", "MAILTO"], list.keys.sort
end
