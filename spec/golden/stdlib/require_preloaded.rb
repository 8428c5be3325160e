# Libraries CRuby 3.4 has loaded before the program runs: their first
# require is false; the others are true once.
p require('complex'), require('rational'), require('enumerator')
p require('fiber'), require('thread'), require('monitor')
p require('set'), require('set'), require('time'), require('time')
p require('complex')
