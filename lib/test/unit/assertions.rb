# test/unit/assertions.rb: Test::Unit::Assertions, for miniruby after Ruby
# 1.8.7's API and failure messages:
#   assert_block, assert, assert_equal, assert_not_equal, assert_nil,
#   assert_not_nil, assert_same, assert_not_same, assert_match,
#   assert_no_match, assert_raise/assert_raises (exact classes; modules by
#   kind_of?), assert_nothing_raised, assert_instance_of, assert_kind_of,
#   assert_respond_to, assert_in_delta, assert_operator, assert_throws,
#   assert_nothing_thrown, assert_send, flunk, build_message (with its `?`
#   placeholders and `\?` escapes), Assertions.use_pp= and
#   Test::Unit::AssertionMessage (values shown with pp, as 1.8.7 does, and
#   exceptions as Class/Message/Backtrace).
# Each assertion called from a test counts once, however many it uses
# inside.  Left out: nothing of 1.8.7's assertions.

require 'test/unit/assertionfailederror'
require 'test/unit/util/backtracefilter'

module Test
  module Unit
    module Assertions
      UncaughtThrow = {
        NameError => /^uncaught throw \`(.+)\'$/,
        ThreadError => /^uncaught throw \`(.+)\' in thread /
      }

      # The one assertion the others are built on.
      def assert_block(message = "assert_block failed.")
        _wrap_assertion do
          raise AssertionFailedError.new(message.to_s) unless yield
        end
      end

      def assert(boolean, message = nil)
        _wrap_assertion do
          assert_block("assert should not be called with a block.") { !block_given? }
          assert_block(build_message(message, "<?> is not true.", boolean)) { boolean }
        end
      end

      def assert_equal(expected, actual, message = nil)
        full_message = build_message(message, "<?> expected but was\n<?>.\n", expected, actual)
        assert_block(full_message) { expected == actual }
      end

      def assert_raise(*args)
        _wrap_assertion do
          message = Module === args.last ? "" : args.pop
          exceptions, modules = _check_exception_class(args)
          expected = args.size == 1 ? args.first : args
          actual_exception = nil
          full_message = build_message(message, "<?> exception expected but none was thrown.", expected)
          assert_block(full_message) do
            raised = false
            begin
              yield
            rescue Exception => actual_exception
              raised = true
            end
            raised
          end
          full_message = build_message(message, "<?> exception expected but was\n?", expected, actual_exception)
          assert_block(full_message) { _expected_exception?(actual_exception, exceptions, modules) }
          actual_exception
        end
      end
      alias assert_raises assert_raise

      def assert_instance_of(klass, object, message = "")
        _wrap_assertion do
          assert_equal(Class, klass.class, "assert_instance_of takes a Class as its first argument")
          full_message = build_message(message, "<?> expected to be an instance of\n<?> but was\n<?>.\n",
                                       object, klass, object.class)
          assert_block(full_message) { object.instance_of?(klass) }
        end
      end

      def assert_nil(object, message = "")
        assert_equal(nil, object, message)
      end

      def assert_kind_of(klass, object, message = "")
        _wrap_assertion do
          assert(klass.kind_of?(Module), "The first parameter to assert_kind_of should be a kind_of Module.")
          full_message = build_message(message, "<?>\nexpected to be kind_of\\?\n<?> but was\n<?>.",
                                       object, klass, object.class)
          assert_block(full_message) { object.kind_of?(klass) }
        end
      end

      def assert_respond_to(object, method, message = "")
        _wrap_assertion do
          full_message = build_message(nil, "<?>\ngiven as the method name argument to #assert_respond_to must be a Symbol or #respond_to\\?(:to_str).", method)
          assert_block(full_message) { method.kind_of?(Symbol) || method.respond_to?(:to_str) }
          full_message = build_message(message, "<?>\nof type <?>\nexpected to respond_to\\?<?>.",
                                       object, object.class, method)
          assert_block(full_message) { object.respond_to?(method) }
        end
      end

      def assert_match(pattern, string, message = "")
        _wrap_assertion do
          pattern = Regexp.new(Regexp.escape(pattern)) if pattern.kind_of?(String)
          full_message = build_message(message, "<?> expected to be =~\n<?>.", string, pattern)
          assert_block(full_message) { string =~ pattern }
        end
      end

      def assert_same(expected, actual, message = "")
        full_message = build_message(message, "<?>\nwith id <?> expected to be equal\\? to\n<?>\nwith id <?>.\n",
                                     expected, expected.__id__, actual, actual.__id__)
        assert_block(full_message) { actual.equal?(expected) }
      end

      def assert_operator(object1, operator, object2, message = "")
        _wrap_assertion do
          full_message = build_message(nil, "<?>\ngiven as the operator for #assert_operator must be a Symbol or #respond_to\\?(:to_str).", operator)
          assert_block(full_message) { operator.kind_of?(Symbol) || operator.respond_to?(:to_str) }
          full_message = build_message(message, "<?> expected to be\n?\n<?>.\n",
                                       object1, AssertionMessage.literal(operator), object2)
          assert_block(full_message) { object1.__send__(operator, object2) }
        end
      end

      def assert_nothing_raised(*args)
        _wrap_assertion do
          message = Module === args.last ? "" : args.pop
          exceptions, modules = _check_exception_class(args)
          begin
            yield
          rescue Exception => e
            if (args.empty? && !e.instance_of?(AssertionFailedError)) ||
                _expected_exception?(e, exceptions, modules)
              assert_block(build_message(message, "Exception raised:\n?", e)) { false }
            else
              raise
            end
          end
          nil
        end
      end

      def flunk(message = "Flunked")
        assert_block(build_message(message)) { false }
      end

      def assert_not_same(expected, actual, message = "")
        full_message = build_message(message, "<?>\nwith id <?> expected to not be equal\\? to\n<?>\nwith id <?>.\n",
                                     expected, expected.__id__, actual, actual.__id__)
        assert_block(full_message) { !actual.equal?(expected) }
      end

      def assert_not_equal(expected, actual, message = "")
        full_message = build_message(message, "<?> expected to be != to\n<?>.", expected, actual)
        assert_block(full_message) { expected != actual }
      end

      def assert_not_nil(object, message = "")
        full_message = build_message(message, "<?> expected to not be nil.", object)
        assert_block(full_message) { !object.nil? }
      end

      def assert_no_match(regexp, string, message = "")
        _wrap_assertion do
          assert_instance_of(Regexp, regexp, "The first argument to assert_no_match should be a Regexp.")
          full_message = build_message(message, "<?> expected to not match\n<?>.", regexp, string)
          assert_block(full_message) { regexp !~ string }
        end
      end

      def assert_throws(expected_symbol, message = "", &proc)
        _wrap_assertion do
          assert_instance_of(Symbol, expected_symbol,
                             "assert_throws expects the symbol that should be thrown for its first argument")
          assert_block("Should have passed a block to assert_throws.") { block_given? }
          caught = true
          begin
            catch(expected_symbol) do
              proc.call
              caught = false
            end
            full_message = build_message(message, "<?> should have been thrown.", expected_symbol)
            assert_block(full_message) { caught }
          rescue NameError, ThreadError => error
            raise error if UncaughtThrow[error.class] !~ error.message
            full_message = build_message(message, "<?> expected to be thrown but\n<?> was thrown.",
                                         expected_symbol, $1.intern)
            flunk(full_message)
          end
        end
      end

      def assert_nothing_thrown(message = "", &proc)
        _wrap_assertion do
          assert(block_given?, "Should have passed a block to assert_nothing_thrown")
          begin
            proc.call
          rescue NameError, ThreadError => error
            raise error if UncaughtThrow[error.class] !~ error.message
            full_message = build_message(message, "<?> was thrown when nothing was expected", $1.intern)
            flunk(full_message)
          end
          assert(true, "Expected nothing to be thrown")
        end
      end

      def assert_in_delta(expected_float, actual_float, delta, message = "")
        _wrap_assertion do
          [[expected_float, "first float"], [actual_float, "second float"], [delta, "delta"]].each do |float, name|
            assert_respond_to(float, :to_f, "The arguments must respond to to_f; the #{name} did not")
          end
          assert_operator(delta, :>=, 0.0, "The delta should not be negative")
          full_message = build_message(message, "<?> and\n<?> expected to be within\n<?> of each other.\n",
                                       expected_float, actual_float, delta)
          assert_block(full_message) { (expected_float.to_f - actual_float.to_f).abs <= delta.to_f }
        end
      end

      def assert_send(send_array, message = "")
        _wrap_assertion do
          assert_instance_of(Array, send_array, "assert_send requires an array of send information")
          assert(send_array.size >= 2, "assert_send requires at least a receiver and a message name")
          full_message = build_message(message, "<?> expected to respond to\n<?(?)> with a true value.\n",
                                       send_array[0], AssertionMessage.literal(send_array[1].to_s),
                                       send_array[2..-1])
          assert_block(full_message) { send_array[0].__send__(send_array[1], *send_array[2..-1]) }
        end
      end

      def build_message(head, template = nil, *arguments)
        template &&= template.chomp
        AssertionMessage.new(head, template, arguments)
      end

      def self.use_pp=(value)
        AssertionMessage.use_pp = value
      end

      private

      def _wrap_assertion
        @_assertion_wrapped ||= false
        return yield if @_assertion_wrapped
        @_assertion_wrapped = true
        begin
          add_assertion
          yield
        ensure
          @_assertion_wrapped = false
        end
      end

      # Called once per top-level assertion; TestCase counts them.
      def add_assertion
      end

      def _check_exception_class(args)
        args.partition do |klass|
          next if klass.instance_of?(Module)
          assert(Exception >= klass, "Should expect a class of exception, #{klass}")
          true
        end
      end

      def _expected_exception?(actual_exception, exceptions, modules)
        exceptions.include?(actual_exception.class) ||
          modules.any? { |mod| actual_exception.is_a?(mod) }
      end
    end

    # A failure message: a head (the user's message, given a period), then
    # the template with each `?` replaced by a shown value.
    class AssertionMessage
      @use_pp = true
      class << self
        attr_accessor :use_pp
      end

      # A value shown as its to_s instead of its inspect.
      class Literal
        def initialize(value)
          @value = value
        end

        def inspect
          @value.to_s
        end
      end

      class Template
        def self.create(string)
          parts = string ? string.scan(/(?=[^\\])\?|(?:\\\?|[^\?])+/m) : []
          new(parts)
        end

        attr_reader :count

        def initialize(parts)
          @parts = parts
          @count = parts.find_all { |e| e == '?' }.size
        end

        def result(parameters)
          if parameters.size != count
            raise "The number of parameters does not match the number of substitutions."
          end
          params = parameters.dup
          @parts.collect { |e| e == '?' ? params.shift : e.gsub(/\\\?/m, '?') }.join('')
        end
      end

      def self.literal(value)
        Literal.new(value)
      end

      include Util::BacktraceFilter

      def initialize(head, template_string, parameters)
        @head = head
        @template_string = template_string
        @parameters = parameters
      end

      def convert(object)
        if object.kind_of?(Exception)
          return "Class: <#{convert(object.class)}>\n" \
                 "Message: <#{convert(object.message)}>\n" \
                 "---Backtrace---\n" \
                 "#{filter_backtrace(object.backtrace).join("\n")}\n" \
                 "---------------"
        end
        if self.class.use_pp
          unless defined?(PP)
            begin
              require 'pp'
            rescue LoadError
              self.class.use_pp = false
              return object.inspect
            end
          end
          PP.pp(object, '').chomp
        else
          object.inspect
        end
      end

      def template
        @template ||= Template.create(@template_string)
      end

      def add_period(string)
        string =~ /\.\Z/ ? string : string + '.'
      end

      def to_s
        parts = []
        if @head
          head = @head.to_s
          parts << add_period(head) unless head.empty?
        end
        tail = template.result(@parameters.collect { |e| convert(e) })
        parts << tail unless tail.empty?
        parts.join("\n")
      end
    end
  end
end
