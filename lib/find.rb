# find.rb: Find, a walk through directory trees, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's find.rb:
#   Find.find(*paths) { |path| ... }: yields each path and, depth first,
#   everything under it; a directory comes before what it holds, and the
#   entries of a directory come in the reverse of the order the directory
#   lists them (as 1.8.7's walk gave them).  Symbolic links are yielded,
#   not followed.  Find.prune inside the block skips what is under the
#   current path (and the rest of a start path's tree).  Both are module
#   functions, so `include Find` gives find and prune.
#   As in 1.8.7, a start path that does not exist is still yielded (and
#   nothing under it), and directories that vanish or cannot be read are
#   passed over silently.  Without a block, find raises LocalJumpError
#   "no block given" (1.8.7 had no enumerator here).
# Left out: nothing of 1.8.7's API.
module Find
  def find(*paths)
    raise LocalJumpError, "no block given" unless block_given?
    pending = paths.map { |p| p.to_str.dup }
    while path = pending.shift
      catch(:prune) do
        yield path.dup
        Find.send(:find_children, path).each { |child| pending.unshift child }
      end
    end
    nil
  end

  # Skips what is under the path find just yielded.
  def prune
    throw :prune
  end

  module_function :find, :prune

  # The paths in directory +path+ ([] if it is not one, or is gone or
  # unreadable).
  def self.find_children(path)
    return [] unless File.exist?(path)
    return [] unless File.lstat(path).directory?
    names = Dir.entries(path) - [".", ".."]
    names.map { |name| path == "/" ? "/" + name : File.join(path, name) }
  rescue Errno::ENOENT, Errno::EACCES
    []
  end
  private_class_method :find_children
end
