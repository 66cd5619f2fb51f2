# rbconfig: RbConfig::CONFIG, Config, MAKEFILE_CONFIG, RbConfig.expand, as
# 1.8.7's rbconfig has them (the folders of an installation are checked by
# test/cli/install_test.py).
require 'assert'
require 'rbconfig'

test "the constants" do
  assert_same RbConfig, Config
  assert_kind_of Hash, RbConfig::CONFIG
  assert_kind_of Hash, RbConfig::MAKEFILE_CONFIG
  assert_same Config::CONFIG, RbConfig::CONFIG
  assert_equal "", RbConfig::DESTDIR
  assert_equal 1, $".grep(/rbconfig\.rb\z/).size
end

test "the keys scripts and test runners read" do
  c = RbConfig::CONFIG
  %w(ruby_install_name RUBY_INSTALL_NAME bindir prefix exec_prefix libdir rubylibdir archdir sitedir
     sitelibdir sitearchdir arch host_os host_cpu host EXEEXT ruby_version MAJOR MINOR TEENY PATCHLEVEL
     CC CFLAGS LDFLAGS LIBS configure_args mandir datadir).each do |k|
    assert_kind_of String, c[k], "CONFIG[#{k.inspect}]"
  end
  assert_equal "miniruby", c["ruby_install_name"]
  assert_equal "miniruby", c["RUBY_INSTALL_NAME"]
  assert_equal "1.8", c["ruby_version"]
  assert_equal ["1", "8", "7"], [c["MAJOR"], c["MINOR"], c["TEENY"]]
  assert_equal RUBY_VERSION, [c["MAJOR"], c["MINOR"], c["TEENY"]].join(".")
  assert_equal "374", c["PATCHLEVEL"]
  assert_equal "", c["EXEEXT"]
  assert_equal RUBY_PLATFORM, c["arch"]
  assert_equal RUBY_PLATFORM.split("-").first, c["host_cpu"]
  assert_match(/\Alinux/, c["host_os"])
  assert_equal "#{c['host_cpu']}-pc-#{c['host_os']}", c["host"]
end

test "CONFIG has every reference expanded, MAKEFILE_CONFIG keeps them" do
  c, m = RbConfig::CONFIG, RbConfig::MAKEFILE_CONFIG
  c.each { |k, v| assert(v !~ /\$[({]/, "CONFIG[#{k.inspect}] = #{v.inspect}") }
  assert_equal "$(libdir)/miniruby/$(ruby_version)", m["rubylibdir"]
  assert_equal "#{c['libdir']}/miniruby/1.8", c["rubylibdir"]
  assert_equal "#{c['rubylibdir']}/#{c['arch']}", c["archdir"]
  assert_equal "#{c['libdir']}/miniruby/site_ruby/1.8", c["sitelibdir"]
  assert_equal "#{c['exec_prefix']}/bin", c["bindir"] if m["bindir"] == "$(exec_prefix)/bin"
  assert_match(/\A\//, c["prefix"])
  assert_equal m.keys.sort, c.keys.sort
end

test "RbConfig.expand" do
  s = "$(bindir)/$(ruby_install_name)$(EXEEXT)"
  r = RbConfig.expand(s)
  assert_same s, r
  assert_equal "#{RbConfig::CONFIG['bindir']}/miniruby", s
  assert_equal "a $ b", RbConfig.expand("a $$ b")
  assert_equal "$(no_such_key) x", RbConfig.expand("$(no_such_key) x")
  assert_equal "1.8/x", RbConfig.expand("${ruby_version}/x")
  conf = { "a" => "$(b)-$(b)", "b" => "$(c)", "c" => "z" }
  assert_equal "z-z!", RbConfig.expand("$(a)!", conf)
  assert_equal "$(c)", conf["b"]
  loop_conf = { "x" => "<$(y)>", "y" => "$(x)" }
  assert_equal "<$(x)>", RbConfig.expand("$(x)", loop_conf)
end
