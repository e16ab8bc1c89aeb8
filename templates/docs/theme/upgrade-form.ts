// The upgrade guides' picker: two releases, then the guide between them. The page lists every
// guide as a link as well, so nothing depends on this form.
import { useRouter, withBase } from 'vitepress';
import { computed, defineComponent, h, ref } from 'vue';
import { guideName, UPGRADE_FOLDER } from './versions.js';

export default defineComponent({
  name: 'UpgradeForm',
  props: {
    /** The recorded releases, oldest first, separated by spaces. */
    releases: { type: String, required: true },
  },
  setup(props) {
    const router = useRouter();
    const releases = computed(() => props.releases.split(/\s+/).filter(Boolean));
    const from = ref(releases.value.at(-2) ?? '');
    const to = ref(releases.value.at(-1) ?? '');
    const valid = computed(() => releases.value.indexOf(from.value) < releases.value.indexOf(to.value));

    const select = (id: string, label: string, value: typeof from) =>
      h('div', { class: 'upgrade-form-field' }, [
        h('label', { for: id }, label),
        h(
          'select',
          {
            id,
            value: value.value,
            onChange: (event: Event) => (value.value = (event.target as HTMLSelectElement).value),
          },
          releases.value.map((release) => h('option', { value: release, selected: release === value.value }, release)),
        ),
      ]);

    return () =>
      h(
        'form',
        {
          class: 'upgrade-form',
          onSubmit: (event: Event) => {
            event.preventDefault();
            if (valid.value) void router.go(withBase(`/${UPGRADE_FOLDER}/${guideName(from.value, to.value)}.html`));
          },
        },
        [
          select('upgrade-from', 'From release', from),
          select('upgrade-to', 'To release', to),
          h(
            'button',
            { type: 'submit', class: 'upgrade-form-button', disabled: !valid.value },
            'Open the upgrade guide',
          ),
          valid.value
            ? null
            : h(
                'p',
                { class: 'upgrade-form-issue', role: 'status' },
                'Pick a release to upgrade from that is older than the one to upgrade to.',
              ),
        ],
      );
  },
});
