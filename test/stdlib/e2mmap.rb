# e2mmap.rb: lib/e2mmap.rb (Exception2MessageMapper: def_exception,
# def_e2message, Raise/Fail at class and instance level).
require 'assert'
require 'e2mmap'

class Parser
  extend Exception2MessageMapper
  def_exception :ErrBadToken, "bad token: %s"
  def_exception :ErrTooDeep, "\#{self.name} nested too deep (%d levels)", ArgumentError
  def_e2message TypeError, "wanted %s"

  def check(token)
    Raise ErrBadToken, token if token == "?"
    token
  end
end

module Errors
  extend Exception2MessageMapper
  def_exception :ErrGeneric, "\#{self.name} failed: %s"
end

class UsesErrors
  include Errors
end

test "def_exception defines classes" do
  assert_kind_of Class, Parser::ErrBadToken
  assert_same StandardError, Parser::ErrBadToken.superclass
  assert_same ArgumentError, Parser::ErrTooDeep.superclass
  assert_equal "Parser::ErrBadToken", Parser::ErrBadToken.name
end

test "Raise at class level formats the template" do
  assert_raise(Parser::ErrBadToken, "bad token: ?") { Parser.Raise Parser::ErrBadToken, "?" }
  assert_raise(Parser::ErrTooDeep, "Parser nested too deep (3 levels)") { Parser.Fail Parser::ErrTooDeep, 3 }
  assert_raise(TypeError, "wanted Integer") { Parser.Raise TypeError, "Integer" }
end

test "Raise at instance level uses the class's templates" do
  assert_equal "a", Parser.new.check("a")
  e = assert_raise(Parser::ErrBadToken, "bad token: ?") { Parser.new.check("?") }
  assert_match(/stdlib\/e2mmap\.rb:\d+:in `check'/, e.backtrace[0])   # e2mmap's frames left out
end

test "templates of an included module, evaluated in the including class" do
  assert_same Errors::ErrGeneric, UsesErrors::ErrGeneric
  assert_raise(Errors::ErrGeneric, "UsesErrors failed: x") { UsesErrors.Raise UsesErrors::ErrGeneric, "x" }
  assert_raise(Errors::ErrGeneric, "UsesErrors failed: y") { UsesErrors.new.Raise Errors::ErrGeneric, "y" }
  assert_raise(Errors::ErrGeneric, "Errors failed: z") { Errors.Raise Errors::ErrGeneric, "z" }
end

test "an unregistered exception" do
  assert_raise(Exception2MessageMapper::ErrNotRegisteredException,
               "not registered exception(IOError)") { Parser.Raise IOError }
  assert_same Exception2MessageMapper, Exception2MessageMapper::E2MM
end

test "module functions" do
  k = Class.new
  Exception2MessageMapper.def_e2message(k, RangeError, "out of range: %d")
  assert_equal "out of range: %d", Exception2MessageMapper.e2mm_message(k, RangeError)
  assert_nil Exception2MessageMapper.e2mm_message(k, IOError)
  assert_raise(RangeError, "out of range: 5") { Exception2MessageMapper.Raise(k, RangeError, 5) }
  c = Exception2MessageMapper.def_exception(k, :ErrX, "x %s", IndexError)
  assert_same c, k::ErrX
  assert_raise(IndexError, "x 1") { Exception2MessageMapper.Raise(k, k::ErrX, 1) }
end

class OldStyle
  Exception2MessageMapper.extend_to(binding)
  def_exception :ErrEmpty, "nothing in %s"
end

test "extend_to and the public fail" do
  assert_true OldStyle.kind_of?(Exception2MessageMapper)
  assert_raise(OldStyle::ErrEmpty, "nothing in box") { OldStyle.fail OldStyle::ErrEmpty, "box" }
  assert_raise(RuntimeError, "plain") { OldStyle.fail "plain" }     # Kernel#fail
  assert_raise(IOError, "io") { OldStyle.fail IOError, "io" }
  assert_raise(RuntimeError, "inside") { OldStyle.class_eval { fail "inside" } }
end
