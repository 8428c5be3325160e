require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'
require_relative '../../shared/queue/enque'
require_relative '../../shared/queue/sized_enque'

describe "SizedQueue#enq" do
  it_behaves_like :queue_enq, :enq, -> { SizedQueue.new(100) }
end

describe "SizedQueue#enq on a full queue" do
  it_behaves_like :sized_queue_enq, :enq, ->(n) { SizedQueue.new(n) }
end

describe "SizedQueue#enq with non_block or timeout:" do
  it_behaves_like :sized_queue_enq_args, :enq, ->(n) { SizedQueue.new(n) }
end
