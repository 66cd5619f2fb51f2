# optparse/shellwords.rb: the Shellwords argument type for OptionParser,
# for miniruby, after 1.8.7's optparse/shellwords.rb: an option declared
# with Shellwords gets its argument split as a shell would split it.
# Left out: nothing.
require 'shellwords'
require 'optparse'

OptionParser.accept(Shellwords) { |s, *| Shellwords.shellwords(s) }
