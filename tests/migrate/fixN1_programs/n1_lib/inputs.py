"""An input function whose nested decoder, defined AFTER the producer, binds `pixels` itself."""
from tensorflow.compat import v1


def make_batches(path, batch_size):
    files = v1.train.string_input_producer([path], num_epochs=1, shuffle=False)

    def decode(record):
        parsed = v1.parse_single_example(record, features={
            "raw": v1.FixedLenFeature([], v1.string),
            "tag": v1.FixedLenFeature([], v1.int64),
        })
        pixels = v1.decode_raw(parsed["raw"], v1.uint8)
        pixels.set_shape([4])
        pixels = v1.cast(pixels, v1.float32) * 2.0
        return pixels, parsed["tag"]

    _, record = v1.TFRecordReader().read(files)
    pixels, tag = decode(record)
    return v1.train.batch([pixels, tag], batch_size=batch_size)
