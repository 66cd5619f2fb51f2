# autoload: Kernel#autoload(?), Module#autoload(?) as in 1.8.7.  The files
# to load are written to a temporary folder put on $:.
require 'assert'

DIR = File.join(ENV['TMPDIR'] || '/tmp', "mr-autoload-#{$$}")
Dir.mkdir(DIR)
at_exit do
  Dir[File.join(DIR, "*")].each { |f| File.unlink(f) }
  Dir.rmdir(DIR)
end
$: << DIR

def lib(name, text)
  File.open(File.join(DIR, name + ".rb"), "w") { |f| f.write(text) }
end

lib "al_top", "$al_top = ($al_top || 0) + 1\nclass AlTop; def self.hi; :hi; end; end\n"
lib "al_inner", "$al_inner = true\nmodule AlOuter; class Inner; def self.where; :inner; end; end; end\n"
lib "al_nothing", "$al_nothing = true\n"
lib "al_reopen", "class AlReopen; def a; 1; end; end\n"
lib "al_nested", "module AlNest; class Deep; end; end\n"
lib "al_raises", "raise 'broken file'\n"

test "the file is loaded at first use, once" do
  autoload :AlTop, "al_top"
  assert_equal "al_top", autoload?(:AlTop)
  assert_nil $al_top
  assert_equal :hi, AlTop.hi
  assert_equal 1, $al_top
  assert_equal :hi, AlTop.hi
  assert_equal 1, $al_top
  assert_nil autoload?(:AlTop)
end

test "defined?, const_defined? and constants do not load" do
  autoload :AlNothingYet, "al_nothing"
  assert_equal "constant", defined?(AlNothingYet)
  assert Object.const_defined?(:AlNothingYet)
  assert Object.constants.include?("AlNothingYet")
  assert_nil $al_nothing
end

test "a file that does not define the constant leaves it undefined" do
  e = assert_raise(NameError) { AlNothingYet }
  assert_equal "uninitialized constant AlNothingYet", e.message
  assert_equal true, $al_nothing
  assert_nil autoload?(:AlNothingYet)
  assert !Object.const_defined?(:AlNothingYet)
end

test "Module#autoload, const_get and ::" do
  module AlOuter; end
  AlOuter.autoload(:Inner, "al_inner")
  assert_equal "al_inner", AlOuter.autoload?(:Inner)
  assert_nil autoload?(:Inner)
  assert_nil $al_inner
  assert_equal :inner, AlOuter::Inner.where
  assert_equal true, $al_inner
  assert_same AlOuter::Inner, AlOuter.const_get(:Inner)
end

test "autoload inside a class body registers there" do
  module AlNest
    autoload :Deep, "al_nested"
  end
  assert_equal "al_nested", AlNest.autoload?(:Deep)
  assert_equal Class, AlNest::Deep.class
  assert_equal "AlNest::Deep", AlNest::Deep.name
end

test "reopening an autoload class loads it first" do
  autoload :AlReopen, "al_reopen"
  class AlReopen; def b; 2; end; end
  assert_equal [1, 2], [AlReopen.new.a, AlReopen.new.b]
end

test "a defined constant is not replaced" do
  AlDefined = 5
  autoload :AlDefined, "al_nothing"
  assert_equal 5, AlDefined
  assert_nil autoload?(:AlDefined)
end

test "errors" do
  e = assert_raise(NameError) { autoload :lower, "x" }
  assert_equal "autoload must be constant name: lower", e.message
  e = assert_raise(ArgumentError) { autoload :AlEmpty, "" }
  assert_equal "empty file name", e.message
  assert_raise(TypeError) { autoload :AlBad, 3 }
  autoload :AlMissing, "al_no_such_file"
  assert_raise(LoadError) { AlMissing }
  assert_nil autoload?(:AlMissing)
  autoload :AlRaises, "al_raises"
  e = assert_raise(RuntimeError) { AlRaises }
  assert_equal "broken file", e.message
end

test "remove_const of an autoload constant gives nil and forgets it" do
  autoload :AlGone, "al_nothing"
  assert_nil Object.send(:remove_const, :AlGone)
  assert !Object.const_defined?(:AlGone)
  assert_nil autoload?(:AlGone)
end

test "$: ends with the current folder, as in 1.8.7" do
  assert_equal $:.size - 2, $:.index(".")     # DIR was pushed after it
  assert_equal false, require("enumerator")
  assert $".include?("enumerator.so")
end
