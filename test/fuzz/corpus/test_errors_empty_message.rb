# RuntimeError with an empty message is reported as "unhandled exception"
def quiet
  raise ""
end
quiet
