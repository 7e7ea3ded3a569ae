"""A helper that takes the work queue, reads it with an IdentityReader and returns the key and a parsed value."""

from tensorflow.compat.v1 import IdentityReader, strings


def parse_work(work_queue):
    reader = IdentityReader()
    key, work = reader.read(work_queue)
    fields = strings.split([work], sep=":").values
    return key, strings.to_number(fields[1])
