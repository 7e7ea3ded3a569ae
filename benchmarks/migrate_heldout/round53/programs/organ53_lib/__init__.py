from .feeder import PipeFeeder
