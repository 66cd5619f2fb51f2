# md5.rb: the MD5 class of Ruby 1.8's old API, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's md5.rb, which keeps
# scripts from before Digest working: MD5 is a Digest::MD5 whose new (and
# md5) take an optional first String, so MD5.new("abc").hexdigest and
# MD5.hexdigest("abc") both work.  1.8.7 calls this library obsolete;
# new code requires 'digest/md5'.
# Left out: nothing of 1.8.7's API.
require 'digest/md5'

class MD5 < Digest::MD5
  class << self
    alias orig_new new

    # MD5.new(str = nil): a digest, fed str when given
    def new(str = nil)
      str ? orig_new.update(str) : orig_new
    end

    def md5(*args)
      new(*args)
    end
  end
end
