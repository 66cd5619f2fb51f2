# a regexp literal as a condition matches $_
if /foo/ then 1 end
unless /bar/i then 2 end
while /baz/ do end
until /#{q}/ do end
p 1 if /x/
x = /y/ ? 1 : 2
p 2 if /a/ && /b/ || !(/c/)
p 5 if not /e/
p 3 if !/d/
y = /not cond/
