"""Model settings for the simple speech commands trainer."""


def prepare_model_settings(label_count, sample_rate, clip_duration_ms, window_size_ms,
                           window_stride_ms, dct_coefficient_count):
    desired_samples = int(sample_rate * clip_duration_ms / 1000)
    window_size_samples = int(sample_rate * window_size_ms / 1000)
    window_stride_samples = int(sample_rate * window_stride_ms / 1000)
    length_minus_window = desired_samples - window_size_samples
    spectrogram_length = 1 + int(length_minus_window / window_stride_samples)
    return {
        'desired_samples': desired_samples,
        'window_size_samples': window_size_samples,
        'window_stride_samples': window_stride_samples,
        'spectrogram_length': spectrogram_length,
        'dct_coefficient_count': dct_coefficient_count,
        'fingerprint_size': dct_coefficient_count * spectrogram_length,
        'label_count': label_count,
        'sample_rate': sample_rate,
    }
