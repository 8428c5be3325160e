# Library system: Comparable/Enumerable mixins, modules, Struct, due dates with Time.utc, fines
module Identifiable
  def self.included(base)
    base.extend(ClassMethods)
  end

  module ClassMethods
    def next_id
      @last_id = (@last_id || 0) + 1
    end
  end

  def ident = "#{self.class.name[0]}#{format('%03d', id)}"
end

class Book
  include Comparable
  include Identifiable
  attr_reader :id, :title, :author, :year, :copies

  def initialize(title, author, year, copies = 1)
    @id = self.class.next_id
    @title = title
    @author = author
    @year = year
    @copies = copies
  end

  def <=>(o) = [author.split.last, year, title] <=> [o.author.split.last, o.year, o.title]
  def to_s = "#{ident} #{title} (#{author}, #{year})"
end

class Member
  include Identifiable
  attr_reader :id, :name, :loans, :fines
  def initialize(name)
    @id = self.class.next_id
    @name = name
    @loans = []
    @fines = 0
  end

  def charge(amount) = @fines += amount
  def pay(amount) = @fines = [@fines - amount, 0].max
end

Loan = Struct.new(:book, :member, :out, :due, :returned)

class Library
  include Enumerable
  DAY = 24 * 3600
  LOAN_DAYS = 14
  FINE_PER_DAY = 25
  MAX_LOANS = 2

  class LoanError < StandardError; end

  def initialize
    @books = []
    @loans = []
  end

  def add(book) = (@books << book; self)
  def each(&) = @books.each(&)
  def available(book) = book.copies - @loans.count { |l| l.book == book && l.returned.nil? }

  def checkout(book, member, at)
    raise LoanError, "#{member.name} owes #{money(member.fines)}" if member.fines > 0
    raise LoanError, "#{member.name} has #{MAX_LOANS} loans" if member.loans.count { |l| l.returned.nil? } >= MAX_LOANS
    raise LoanError, "no copies of #{book.title} left" if available(book) <= 0
    loan = Loan.new(book, member, at, at + LOAN_DAYS * DAY, nil)
    @loans << loan
    member.loans << loan
    loan
  end

  def checkin(book, member, at)
    loan = @loans.find { |l| l.book == book && l.member == member && l.returned.nil? } or raise LoanError, "#{member.name} does not have #{book.title}"
    loan.returned = at
    late_days = ((at - loan.due) / DAY).ceil
    if late_days > 0
      member.charge(late_days * FINE_PER_DAY)
      "late by #{late_days} day(s), fine #{money(late_days * FINE_PER_DAY)}"
    else
      "on time"
    end
  end

  def overdue(at) = @loans.select { |l| l.returned.nil? && l.due < at }

  def money(cents) = format("$%d.%02d", cents / 100, cents % 100)
end

lib = Library.new
books = [
  Book.new("Dune", "Frank Herbert", 1965, 2),
  Book.new("Neuromancer", "William Gibson", 1984),
  Book.new("Foundation", "Isaac Asimov", 1951),
  Book.new("I, Robot", "Isaac Asimov", 1950),
  Book.new("Hyperion", "Dan Simmons", 1989),
]
books.each { |b| lib.add(b) }
puts lib.sort.map(&:to_s)
p lib.min.title, lib.max.title, lib.count, lib.map(&:year).minmax, lib.group_by(&:author).transform_values(&:size)
p lib.select { |b| b.year < 1970 }.map(&:ident), lib.sort_by(&:year).first.title, lib.sum(&:copies)

ann = Member.new("Ann")
bob = Member.new("Bob")
p ann.ident, bob.ident
t0 = Time.utc(2024, 3, 1, 10, 0, 0)
day = Library::DAY
events = [
  [:out, books[0], ann, 0], [:out, books[0], bob, 1], [:out, books[0], ann, 1], [:out, books[1], ann, 2],
  [:out, books[2], ann, 2], [:in, books[1], ann, 10], [:in, books[0], ann, 20], [:out, books[2], ann, 21],
  [:in, books[0], bob, 15], [:in, books[3], bob, 16], [:out, books[3], bob, 16],
]
events.each do |kind, book, member, d|
  at = t0 + d * day
  stamp = at.strftime("%b %d")
  if kind == :out
    loan = lib.checkout(book, member, at)
    puts "#{stamp}: #{member.name} borrows #{book.title}, due #{loan.due.strftime('%Y-%m-%d')}"
  else
    puts "#{stamp}: #{member.name} returns #{book.title}: #{lib.checkin(book, member, at)}"
  end
rescue Library::LoanError => e
  puts "#{stamp}: refused: #{e.message}"
end
p [ann.fines, bob.fines].map { |c| lib.money(c) }
ann.pay(100)
p lib.money(ann.fines)
ann.pay(1000)
p ann.fines
check_at = t0 + 40 * day
lib.overdue(check_at).each do |l|
  puts "overdue: #{l.book.title} (#{l.member.name}) since #{l.due.strftime('%d %b %Y')}, #{((check_at - l.due) / day).floor} days"
end
p books.map { |b| [b.ident, lib.available(b)] }.to_h
p Book.include?(Comparable), Library.include?(Enumerable), Member.respond_to?(:next_id)
