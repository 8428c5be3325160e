# Date._strptime: every numeric directive with its range, the two-digit year
# century, and the directives that stand for a whole format (%c %D %T %+ ...).
require 'date'
[["%d/%m/%y", "07/12/26"], ["%e %k:%M", " 7  9:05"], ["%I:%M %p", "12:30 PM"], ["%j %Y", "366 2024"], ["%U %w %Y", "53 6 2026"],
 ["%V %u %G", "53 7 2026"], ["%g", "70"], ["%y", "68"], ["%S", "61"], ["%m", "13"], ["%D %T", "12/07/26 11:22:33"], ["%c", "Mon Dec  7 11:22:33 2026"],
 ["%F %R", "2026-12-07 11:22"], ["%v", " 7-Dec-2026"], ["%+", "Mon Dec  7 11:22:33 UTC 2026"], ["%x %X", "12/07/26 01:02:03"]].each do |f, s|
  p [f, Date._strptime(s, f)]
end
