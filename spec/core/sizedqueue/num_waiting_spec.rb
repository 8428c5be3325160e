require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'
require_relative '../../shared/queue/num_waiting'

describe "SizedQueue#num_waiting" do
  it_behaves_like :queue_num_waiting, :num_waiting, -> { SizedQueue.new(100) }
end
