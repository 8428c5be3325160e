def fail_deep = raise("deep failure")
def caller_m = fail_deep
begin
  caller_m
rescue => e
  puts e.full_message(highlight: false)
  puts e.full_message(highlight: false, order: :top).lines.size
  p e.detailed_message
end
class CustomMsg < StandardError
  def detailed_message(highlight: false, **) = "custom detail (#{message})"
end
begin
  raise CustomMsg, "m"
rescue => e
  p e.detailed_message
end
