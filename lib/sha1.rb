# sha1.rb: the SHA1 class of Ruby 1.8's old API, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's sha1.rb: SHA1 is a
# Digest::SHA1 whose new (and sha1) take an optional first String, so
# SHA1.new("abc").hexdigest works as before Digest.  1.8.7 calls this
# library obsolete; new code requires 'digest/sha1'.
# Left out: nothing of 1.8.7's API.
require 'digest/sha1'

class SHA1 < Digest::SHA1
  class << self
    alias orig_new new

    # SHA1.new(str = nil): a digest, fed str when given
    def new(str = nil)
      str ? orig_new.update(str) : orig_new
    end

    def sha1(*args)
      new(*args)
    end
  end
end
