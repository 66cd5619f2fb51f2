case x
else 1
end
