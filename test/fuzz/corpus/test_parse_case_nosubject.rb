# case without a subject
case
when a then 1
when b, c then 2
else 3
end
case
else 4
end
