from .data_queue import DataQueue
