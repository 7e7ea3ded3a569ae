"""The producer-spec IR: frozen dataclasses describing a queue-style pipeline. No TensorFlow import."""

from tfdata_bridge._src.spec.consumer import Consumer
from tfdata_bridge._src.spec.pipeline import PipelineSpec, pipeline
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.queue import QueueSpec
from tfdata_bridge._src.spec.signature import Signature

__all__ = ["Consumer", "PipelineSpec", "Producer", "QueueSpec", "Signature", "pipeline"]
