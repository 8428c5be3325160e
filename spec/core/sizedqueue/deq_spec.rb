require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'
require_relative '../../shared/queue/deque'

describe "SizedQueue#deq" do
  it_behaves_like :queue_deq, :deq, -> { SizedQueue.new(100) }
end
