# yaml/store.rb: YAML::Store, a PStore kept in a YAML file, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's yaml/store.rb:
#   YAML::Store.new(path, opts = {}) and everything PStore has
#   (transaction, [], []=, fetch, delete, roots, root?, commit, abort,
#   path, and PStore::Error), but the table is written with to_yaml and
#   read with YAML.load, so the file is a YAML mapping people can read and
#   edit.  opts are the emitter options given to to_yaml (which miniruby's
#   emitter ignores, see yaml.rb).
# Left out: nothing of 1.8.7's API.

require 'yaml'
require 'pstore'

class YAML::Store < PStore
  def initialize(*args)
    @opt = args.last.is_a?(Hash) ? args.pop : {}
    super(*args)
  end

  private

  def dump(table)
    table.to_yaml(@opt)
  end

  def load(content)
    YAML.load(content)
  end
end
