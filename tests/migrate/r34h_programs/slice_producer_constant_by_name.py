"""``from tensorflow.compat.v1 import placeholder_with_default``: a constant's default sliced with its labels by
``slice_input_producer`` (in order, two epochs), the tensor's shape read for a reshape (exact)."""
import numpy as np
from tensorflow.compat.v1 import Session, constant, errors, local_variables_initializer, placeholder_with_default
from tensorflow.compat.v1 import reshape, shape, train


def main(data_dir):
    features = placeholder_with_default(constant(np.arange(18, dtype=np.int64).reshape(6, 3)), shape=[None, 3])
    labels = np.array([b"a", b"b", b"c", b"d", b"e", b"f"])
    feature, label = train.slice_input_producer([features, labels], num_epochs=2, shuffle=False)
    flat = reshape(feature, shape(features)[1:])
    feature_batch, label_batch = train.batch([flat * 10, label], batch_size=3)
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([feature_batch, label_batch])
                batches.append([f.tolist(), [x.decode() for x in l]])
        except errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
