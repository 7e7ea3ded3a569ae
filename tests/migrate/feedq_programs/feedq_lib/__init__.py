from feedq_lib.feeders import QueueFeeder
