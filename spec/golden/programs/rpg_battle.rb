# Turn-based RPG battle with seeded dice: classes with abilities, status effects, initiative, combat log
class Combatant
  attr_reader :name, :hp, :max_hp, :atk, :defense, :speed, :effects
  attr_accessor :team

  def initialize(name, hp:, atk:, defense:, speed:)
    @name = name
    @hp = @max_hp = hp
    @atk = atk
    @defense = defense
    @speed = speed
    @effects = Hash.new(0)
  end

  def alive? = @hp > 0

  def take(dmg)
    dmg = (dmg / 2.0).ceil if @effects[:shield] > 0
    dmg = [dmg, 0].max
    @hp = [@hp - dmg, 0].max
    dmg
  end

  def heal(n)
    before = @hp
    @hp = [@hp + n, @max_hp].min
    @hp - before
  end

  def tick_effects(log)
    if @effects[:poison] > 0
      d = take(3)
      log << "  #{name} suffers #{d} poison damage (#{hp} hp)"
    end
    @effects.each_key { |k| @effects[k] -= 1 }
    @effects.delete_if { |_, v| v <= 0 }
  end

  def choose(allies, foes, rng)
    target = foes.min_by { |f| [f.hp, f.name] }
    [:attack, target]
  end

  def to_s = "#{name}(#{hp}/#{max_hp})"
end

class Warrior < Combatant
  def choose(allies, foes, rng)
    return [:shield, self] if hp < max_hp / 3 && effects[:shield].zero?
    [:attack, foes.max_by { |f| [f.atk, f.name] }]
  end
end

class Mage < Combatant
  def choose(allies, foes, rng)
    return [:fireball, foes] if foes.size > 1 && rng.rand(3) > 0
    [:poison, foes.find { |f| f.effects[:poison].zero? } || foes.first]
  end
end

class Cleric < Combatant
  def choose(allies, foes, rng)
    hurt = allies.select { |a| a.hp < a.max_hp * 0.6 }.min_by { |a| [a.hp, a.name] }
    hurt ? [:heal, hurt] : super
  end
end

class Battle
  def initialize(heroes, monsters, seed)
    @rng = Random.new(seed)
    @teams = {heroes: heroes, monsters: monsters}
    heroes.each { |h| h.team = :heroes }
    monsters.each { |m| m.team = :monsters }
    @log = []
  end

  def roll(sides) = @rng.rand(1..sides)

  def run(max_rounds = 20)
    (1..max_rounds).each do |round|
      @log << "Round #{round}"
      order = (@teams[:heroes] + @teams[:monsters]).select(&:alive?).sort_by { |c| [-(c.speed + roll(6)), c.name] }
      order.each do |c|
        next unless c.alive?
        allies = @teams[c.team].select(&:alive?)
        foes = @teams[c.team == :heroes ? :monsters : :heroes].select(&:alive?)
        break if foes.empty?
        act(c, allies, foes)
      end
      (@teams[:heroes] + @teams[:monsters]).select(&:alive?).each { |c| c.tick_effects(@log) }
      winner = @teams.find { |_, cs| cs.none?(&:alive?) }
      return [winner.first == :heroes ? :monsters : :heroes, round] if winner
    end
    [:draw, max_rounds]
  end

  def act(c, allies, foes)
    kind, target = c.choose(allies, foes, @rng)
    case kind
    when :attack
      crit = roll(20) == 20
      dmg = c.atk + roll(6) - target.defense
      dmg *= 2 if crit
      dealt = target.take(dmg)
      @log << "  #{c.name} hits #{target.name} for #{dealt}#{crit ? ' (CRIT)' : ''} -> #{target}"
    when :fireball
      parts = target.map { |t| "#{t.name} #{t.take(c.atk / 2 + roll(4))}" }
      @log << "  #{c.name} casts fireball: #{parts.join(', ')}"
    when :poison
      target.effects[:poison] = 3
      @log << "  #{c.name} poisons #{target.name}"
    when :heal
      @log << "  #{c.name} heals #{target.name} for #{target.heal(8 + roll(4))} -> #{target}"
    when :shield
      target.effects[:shield] = 2
      @log << "  #{c.name} raises a shield"
    end
  end

  attr_reader :log
end

def party = [Warrior.new("Brom", hp: 40, atk: 9, defense: 4, speed: 3), Mage.new("Ilsa", hp: 24, atk: 12, defense: 1, speed: 5), Cleric.new("Tor", hp: 30, atk: 5, defense: 3, speed: 2)]
def horde = [Combatant.new("Orc", hp: 35, atk: 10, defense: 3, speed: 2), Combatant.new("Goblin", hp: 18, atk: 7, defense: 1, speed: 6), Combatant.new("Troll", hp: 50, atk: 12, defense: 5, speed: 1)]

[7, 2024].each do |seed|
  b = Battle.new(party, horde, seed)
  winner, rounds = b.run
  puts "=== seed #{seed}: #{winner} win after #{rounds} rounds"
  puts b.log
end
