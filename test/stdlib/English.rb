# English.rb: lib/English.rb (long names of the punctuation globals).
require 'assert'
require 'English'

test "errors" do
  begin
    raise ArgumentError, "bad"
  rescue
    assert_same $!, $ERROR_INFO
    assert_equal "bad", $ERROR_INFO.message
    assert_same $@, $ERROR_POSITION
    assert_kind_of Array, $ERROR_POSITION
  end
end

test "separators" do
  assert_nil $FS
  assert_nil $OFS
  assert_equal "\n", $RS
  assert_same $/, $INPUT_RECORD_SEPARATOR
  assert_nil $ORS
  begin
    $OFS = "-"
    assert_equal "-", $,
    assert_equal "a-b", %w(a b).join
    $OUTPUT_RECORD_SEPARATOR = "!"
    assert_equal "!", $\
    $FIELD_SEPARATOR = ","
    assert_equal ["x", "y"], "x,y".split
    assert_equal ",", $FS
  ensure
    $, = nil
    $\ = nil
    $; = nil
  end
  assert_nil $OUTPUT_FIELD_SEPARATOR
  assert_nil $ORS
end

test "process" do
  assert_equal $$, $PID
  assert_equal Process.pid, $PROCESS_ID
  system("exit 3")
  assert_same $?, $CHILD_STATUS
  assert_equal 3, $CHILD_STATUS.exitstatus
  assert_equal $0, $PROGRAM_NAME
  assert_same ARGV, $ARGV
  assert_same $stdout, $DEFAULT_OUTPUT
  assert_same $<, $DEFAULT_INPUT
  assert_false $IGNORECASE
end

test "match variables" do
  "hello world" =~ /o (w)(or)/
  assert_same $~, $LAST_MATCH_INFO
  assert_equal "o wor", $MATCH
  assert_equal "hell", $PREMATCH
  assert_equal "ld", $POSTMATCH
  assert_equal "or", $LAST_PAREN_MATCH
  "abc" =~ /z/
  assert_nil $LAST_MATCH_INFO
  assert_nil $MATCH
  assert_nil $PREMATCH
end

def english_match_here
  "xyz" =~ /y/
  [$PREMATCH, $MATCH, $POSTMATCH]
end

test "match variables are local to the method" do
  "abc" =~ /b/
  assert_equal ["x", "y", "z"], english_match_here
  assert_equal "b", $MATCH
  assert_equal "a", $PREMATCH
end

test "lines read" do
  r, w = IO.pipe
  w.write("one\ntwo\n")
  w.close
  r.gets
  assert_equal "one\n", $LAST_READ_LINE
  r.gets
  assert_equal "two\n", $_
  assert_equal 2, $NR
  assert_equal $., $INPUT_LINE_NUMBER
  r.close
  $LAST_READ_LINE = "set"
  assert_equal "set", $_
end
