# pstore.rb: a Hash of Ruby objects kept in a file with Marshal, changed
# in transactions, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's pstore.rb:
#   PStore.new(path) (PStore::Error "directory DIR does not exist" or
#   "file PATH not readable"), transaction(read_only = false) { |pstore| }
#   -> the block's value (nil after commit or abort), [](name),
#   []=(name, value), delete(name), fetch(name[, default]) (PStore::Error
#   "undefined root name `NAME'" without a default), roots, root?(name),
#   commit and abort (both end the transaction at once), path.
#   Outside a transaction these raise PStore::Error "not in transaction";
#   []=, delete (and so any change) in a read-only one "in read-only
#   transaction"; a transaction in a transaction "nested transaction".
#   An exception out of the block aborts the transaction and goes on.
# Files: a write transaction holds File::LOCK_EX on the file (creating
# it), a read-only one LOCK_SH (a missing file reads as empty and is not
# created); both wait without stopping other threads.  The table is
# written only when its Marshal dump changed, atomically: to PATH.tmp,
# renamed to PATH.new, then copied into the locked PATH, and PATH.new
# removed.  A PATH.new left by a crash is complete: the next write
# transaction finishes copying it, and read-only ones read it instead of
# PATH.
# Differs from 1.8.7: a change is seen by comparing the dump itself, not
# an MD5 of it (the same answer without hashing); a file whose content
# loads as something other than a Hash raises PStore::Error "PStore file
# seems to be corrupted." (1.8.7 failed later, on the first access).
# Left out: nothing of 1.8.7's API.

class PStore
  class Error < StandardError
  end

  def initialize(file)
    dir = File.dirname(file)
    unless File.directory?(dir)
      raise PStore::Error, format("directory %s does not exist", dir)
    end
    if File.exist?(file) && !File.readable?(file)
      raise PStore::Error, format("file %s not readable", file)
    end
    @transaction = false
    @filename = file
    @abort = false
    @table = nil
  end

  def path
    @filename
  end

  def [](name)
    in_transaction
    @table[name]
  end

  def fetch(name, default = PStore::Error)
    in_transaction
    return @table[name] if @table.key?(name)
    if default == PStore::Error
      raise PStore::Error, format("undefined root name `%s'", name)
    end
    default
  end

  def []=(name, value)
    in_transaction_wr
    @table[name] = value
  end

  def delete(name)
    in_transaction_wr
    @table.delete(name)
  end

  def roots
    in_transaction
    @table.keys
  end

  def root?(name)
    in_transaction
    @table.key?(name)
  end

  # Ends the transaction, keeping its changes.
  def commit
    in_transaction
    @abort = false
    throw :pstore_abort_transaction
  end

  # Ends the transaction, dropping its changes.
  def abort
    in_transaction
    @abort = true
    throw :pstore_abort_transaction
  end

  def transaction(read_only = false)
    raise PStore::Error, "nested transaction" if @transaction
    file = nil
    value = nil
    begin
      @rdonly = read_only
      @abort = false
      @transaction = true
      if read_only
        file, content = open_for_reading
      else
        file = File.open(@filename, File::RDWR | File::CREAT)
        file.binmode
        file.flock(File::LOCK_EX)
        finish_commit(file) if File.exist?(new_file)
        content = file.read
      end
      @table = content.empty? ? {} : load(content)
      unless @table.is_a?(Hash)
        raise PStore::Error, "PStore file seems to be corrupted."
      end
      begin
        catch(:pstore_abort_transaction) do
          value = yield(self)
        end
      rescue Exception
        @abort = true
        raise
      ensure
        save(file, content) if !read_only && !@abort
      end
    ensure
      @table = nil
      @transaction = false
      file.close if file && !file.closed?
    end
    value
  end

  private

  def in_transaction
    raise PStore::Error, "not in transaction" unless @transaction
  end

  def in_transaction_wr
    in_transaction
    raise PStore::Error, "in read-only transaction" if @rdonly
  end

  def dump(table)
    Marshal.dump(table)
  end

  def load(content)
    Marshal.load(content)
  end

  def new_file
    @filename + ".new"
  end

  # [file, content] for a read-only transaction: file is nil when there is
  # none.  A PATH.new left by an unfinished commit is the newer content.
  def open_for_reading
    begin
      file = File.open(@filename, File::RDONLY)
    rescue Errno::ENOENT
      return [nil, ""]
    end
    file.binmode
    file.flock(File::LOCK_SH)
    content = begin
                File.open(new_file, "rb") { |f| f.read }
              rescue Errno::ENOENT
                file.read
              end
    [file, content]
  end

  # Writes the table unless its dump is what the file held.
  def save(file, old_content)
    content = dump(@table)
    return if !old_content.empty? && content == old_content
    tmp = @filename + ".tmp"
    File.open(tmp, "wb") { |f| f.write(content) }
    File.rename(tmp, new_file)
    finish_commit(file)
  end

  # Copies PATH.new (complete) into the locked file, then removes it.
  def finish_commit(file)
    file.rewind
    file.truncate(0)
    File.open(new_file, "rb") do |nf|
      while chunk = nf.read(65536)
        file.write(chunk)
      end
    end
    file.flush
    File.unlink(new_file)
    file.rewind
  end
end
