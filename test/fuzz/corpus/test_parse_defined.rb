# defined?
defined?(a)
defined? a
defined? a && b
defined?(a) && b
defined?(@iv)
defined?(String)
defined?(super)
defined?(yield)
x = defined? y
