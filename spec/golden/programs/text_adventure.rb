# Text adventure state machine driven by a fixed command script
class Room
  attr_reader :name, :description, :exits, :items
  def initialize(name, description, exits, items = [])
    @name = name
    @description = description
    @exits = exits
    @items = items
  end
end

class Game
  attr_reader :state, :moves

  def initialize
    @rooms = {
      hall: Room.new("Hall", "A dusty hall.", {north: :library, east: :kitchen}, ["lamp"]),
      library: Room.new("Library", "Shelves of old books.", {south: :hall}, ["book", "key"]),
      kitchen: Room.new("Kitchen", "Smells of old bread.", {west: :hall, down: :cellar}),
      cellar: Room.new("Cellar", "Dark and damp.", {up: :kitchen}, ["treasure"]),
    }
    @location = :hall
    @inventory = []
    @state = :playing
    @moves = 0
    @cellar_locked = true
  end

  def room = @rooms[@location]

  def handle(line)
    return "The game is over." unless @state == :playing
    @moves += 1
    verb, *rest = line.strip.downcase.split
    noun = rest.join(" ")
    case verb
    when "look" then look
    when "go", "n", "s", "e", "w", "u", "d"
      dir = verb == "go" ? noun : {"n" => "north", "s" => "south", "e" => "east", "w" => "west", "u" => "up", "d" => "down"}[verb]
      move(dir.to_sym)
    when "take" then take(noun)
    when "drop" then drop(noun)
    when "inventory", "i" then @inventory.empty? ? "You carry nothing." : "You carry: #{@inventory.sort.join(', ')}"
    when "unlock" then unlock
    when "quit"
      @state = :quit
      "Bye."
    when nil then "Say something."
    else "I don't know how to '#{verb}'."
    end
  end

  private

  def look
    items = room.items.empty? ? "" : " You see: #{room.items.join(', ')}."
    exits = room.exits.keys.join(", ")
    "#{room.name}: #{room.description}#{items} Exits: #{exits}."
  end

  def move(dir)
    target = room.exits[dir]
    return "You can't go #{dir}." unless target
    if target == :cellar && @cellar_locked
      return "The cellar door is locked."
    end
    if target == :cellar && !@inventory.include?("lamp")
      return "It is too dark to go down without a lamp."
    end
    @location = target
    look
  end

  def take(noun)
    return "Take what?" if noun.empty?
    return "There is no #{noun} here." unless room.items.include?(noun)
    room.items.delete(noun)
    @inventory << noun
    if noun == "treasure"
      @state = :won
      return "You take the treasure. You win in #{@moves} moves!"
    end
    "Taken: #{noun}."
  end

  def drop(noun)
    return "You don't have #{noun}." unless @inventory.delete(noun)
    room.items << noun
    "Dropped: #{noun}."
  end

  def unlock
    return "Nothing to unlock here." unless @location == :kitchen
    return "You need a key." unless @inventory.include?("key")
    return "Already unlocked." unless @cellar_locked
    @cellar_locked = false
    "The cellar door creaks open."
  end
end

script = <<~CMDS
  look
  take sword
  go west
  n
  take book
  take key
  i
  s
  e
  d
  unlock
  unlock
  d
  w
  take lamp
  drop book
  look
  e
  d
  dance
  take treasure
  look
CMDS

game = Game.new
script.each_line do |cmd|
  puts "> #{cmd.chomp}"
  puts game.handle(cmd)
end
puts "state=#{game.state} moves=#{game.moves}"
