=begin
never ends
