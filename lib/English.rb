# English.rb: long names for Ruby's punctuation globals, for miniruby.
#
# Written for miniruby after Ruby 1.8.7's English.rb; each name is an
# alias (alias $NEW $old), so it reads and assigns the same variable,
# including the frame-local ones ($_, $~ and the match variables):
#   $ERROR_INFO $!              $ERROR_POSITION $@
#   $FS $FIELD_SEPARATOR $;     $OFS $OUTPUT_FIELD_SEPARATOR $,
#   $RS $INPUT_RECORD_SEPARATOR $/
#   $ORS $OUTPUT_RECORD_SEPARATOR $\
#   $INPUT_LINE_NUMBER $NR $.   $LAST_READ_LINE $_
#   $DEFAULT_OUTPUT $>          $DEFAULT_INPUT $<
#   $PID $PROCESS_ID $$         $CHILD_STATUS $?
#   $LAST_MATCH_INFO $~         $IGNORECASE $=
#   $ARGV $*                    $MATCH $&
#   $PREMATCH $`                $POSTMATCH $'
#   $LAST_PAREN_MATCH $+
# $PROGRAM_NAME ($0) is built in, as in 1.8.7.  Nothing is left out.

alias $ERROR_INFO              $!
alias $ERROR_POSITION          $@
alias $FS                      $;
alias $FIELD_SEPARATOR         $;
alias $OFS                     $,
alias $OUTPUT_FIELD_SEPARATOR  $,
alias $RS                      $/
alias $INPUT_RECORD_SEPARATOR  $/
alias $ORS                     $\
alias $OUTPUT_RECORD_SEPARATOR $\
alias $INPUT_LINE_NUMBER       $.
alias $NR                      $.
alias $LAST_READ_LINE          $_
alias $DEFAULT_OUTPUT          $>
alias $DEFAULT_INPUT           $<
alias $PID                     $$
alias $PROCESS_ID              $$
alias $CHILD_STATUS            $?
alias $LAST_MATCH_INFO         $~
alias $IGNORECASE              $=
alias $ARGV                    $*
alias $MATCH                   $&
alias $PREMATCH                $`
alias $POSTMATCH               $'
alias $LAST_PAREN_MATCH        $+
