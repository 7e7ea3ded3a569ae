"""Behavioural cloning input: a driving log (CSV) names one camera frame per row; the frame is read from disk in
the graph, beside the steering angle and the throttle of that row."""

import os

import tensorflow.compat.v1 as tfv1

LOG_HEADER = "center,steering,throttle\n"
FRAME_SHAPE = [4, 4, 1]
BATCH_SIZE = 4


def write_driving_log(data_dir):
    log_dir = os.path.join(data_dir, "h16_driving_log_string_join")
    os.makedirs(log_dir, exist_ok=True)
    path = os.path.join(log_dir, "driving_log.csv")
    with open(path, "w") as f:
        f.write(LOG_HEADER)
        for i in range(14):
            f.write("image-%d.png,%.3f,%.2f\n" % (i % 6, (i - 7) / 10.0, 0.5 + i / 100.0))
    return path


def load_frame(image_dir, relative_path):
    full_path = tfv1.string_join([image_dir, relative_path], separator="/")
    frame = tfv1.image.decode_png(tfv1.read_file(full_path), channels=1)
    frame = tfv1.image.convert_image_dtype(frame, tfv1.float32)
    frame.set_shape(FRAME_SHAPE)
    # the simulator recorded the centre camera mirrored
    return tfv1.image.flip_left_right(frame)


def driving_batches(log_path, image_dir, num_epochs=2):
    log_queue = tfv1.train.string_input_producer([log_path], num_epochs=num_epochs, shuffle=False)
    _, row = tfv1.TextLineReader(skip_header_lines=1).read(log_queue)
    center, steering, throttle = tfv1.decode_csv(row, record_defaults=[[""], [0.0], [0.0]])
    frame = load_frame(image_dir, center)
    brightness = tfv1.reduce_mean(frame)
    return tfv1.train.batch([frame, steering, throttle, brightness], batch_size=BATCH_SIZE,
                            allow_smaller_final_batch=True)


def main(data_dir):
    log_path = write_driving_log(data_dir)
    frames, steering, throttle, brightness = driving_batches(log_path, data_dir)
    batches = []
    with tfv1.Session() as sess:
        sess.run(tfv1.local_variables_initializer())
        coord = tfv1.train.Coordinator()
        threads = tfv1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, s, t, b = sess.run([frames, steering, throttle, brightness])
                batches.append([f.tolist(), s.tolist(), t.tolist(), b.tolist()])
        except tfv1.errors.OutOfRangeError:
            end = "log exhausted"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
